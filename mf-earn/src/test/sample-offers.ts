import type { MyOffer, Offer } from '@rewards/shared/contracts/offer-types';
import type { UserProfile } from '@rewards/shared/contracts/api-types';

export function sampleOffer(id: number, fields: Partial<Offer> = {}): Offer {
  return {
    id,
    offer_id: `partner-${id}`,
    name: `Offer Number ${id}`,
    title: `Play offer ${id}`,
    image_url: `/api/offer-images/${id}.svg`,
    description: `<p>Description of offer ${id}</p>`,
    description2: null,
    description3: null,
    categories: ['Game'],
    rate: 4.5,
    platforms: ['Android'],
    payout: id + 0.5,
    click_url: `https://partner.example/click/${id}?user_id=1`,
    events: [],
    ...fields,
  };
}

export function sampleOffers(count: number): Offer[] {
  return Array.from({ length: count }, (_, index) => sampleOffer(index + 1));
}

export function sampleMyOffer(id: number, fields: Partial<MyOffer> = {}): MyOffer {
  return {
    id,
    offer_id: `partner-${id}`,
    name: `My Offer ${id}`,
    image_url: `/api/offer-images/${id}.svg`,
    description: `<p>About my offer ${id}</p>`,
    payout_cents: 1250,
    platform: 'Android',
    status: 'active',
    completed_steps: [],
    total_steps: 0,
    events: [],
    click_url: `https://partner.example/click/${id}?user_id=1`,
    ...fields,
  };
}

export function signedInUser(fields: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    image: null,
    avatar: null,
    wallet: '12.34',
    total_earnings: '40.00',
    referrals_count: 0,
    completed_offers: 3,
    earnings_last_30_days: '12.00',
    referral_code: 'ABC123',
    ...fields,
  };
}
