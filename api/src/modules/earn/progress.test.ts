import { referralBonusOf } from '../referrals/referral-bonus';
import { fillClickTemplate } from './links';
import { isEventDone, isOfferComplete, WHOLE_OFFER } from './progress';

describe('offer progress', () => {
  it('an offer with events is complete when every event is credited', () => {
    expect(isOfferComplete(['a', 'b'], new Set(['a']))).toBe(false);
    expect(isOfferComplete(['a', 'b'], new Set(['b', 'a']))).toBe(true);
    expect(isOfferComplete(['a', 'b'], new Set(['a', 'c']))).toBe(false);
  });

  it('a whole-offer credit completes every event', () => {
    expect(isOfferComplete(['a', 'b'], new Set([WHOLE_OFFER]))).toBe(true);
    expect(isEventDone('b', new Set([WHOLE_OFFER]))).toBe(true);
    expect(isEventDone('b', new Set(['a']))).toBe(false);
  });

  it('an offer without events is complete with any credit', () => {
    expect(isOfferComplete([], new Set())).toBe(false);
    expect(isOfferComplete([], new Set(['anything']))).toBe(true);
  });
});

describe('referral bonus (spec §9: 5 %)', () => {
  it('is 5 % in whole coins, rounded down', () => {
    expect([referralBonusOf(1000), referralBonusOf(1239), referralBonusOf(19), referralBonusOf(20), referralBonusOf(119_470)]).toEqual([50, 61, 0, 1, 5973]);
  });
});

describe('click links', () => {
  it('fills {user_id} and {offer_id}, URL-encoded; a visitor gets an empty user id', () => {
    expect(fillClickTemplate('/api/walls/demo?user_id={user_id}&offer_id={offer_id}', 42, 'a b&c')).toBe('/api/walls/demo?user_id=42&offer_id=a%20b%26c');
    expect(fillClickTemplate('https://partner.example/c?sub1={user_id}', null, 'x')).toBe('https://partner.example/c?sub1=');
  });
});
