import { activeTabFor } from './active-tab';

describe('active bottom tab', () => {
  it.each([
    ['/Earn', 'earn'],
    ['/earn', 'earn'],
    ['/EARN/featured', 'earn'],
    ['/offers', 'offers'],
    ['/Offers/123', 'offers'],
    ['/Cashout', 'cashout'],
    ['/cashout/', 'cashout'],
    ['/my-offers', 'my-offers'],
    ['/My-Offers/7', 'my-offers'],
    ['/Profile', 'rewards'],
    ['/bonuses', 'rewards'],
    ['/leaderboard', 'rewards'],
    ['/tickets/12', 'rewards'],
  ])('lights %s as %s', (pathname, tab) => {
    expect(activeTabFor(pathname)).toBe(tab);
  });

  it('does not confuse /my-offers with /offers', () => {
    expect(activeTabFor('/my-offers')).not.toBe('offers');
  });

  it('matches whole segments only', () => {
    expect(activeTabFor('/earnings')).toBeNull();
    expect(activeTabFor('/offersx')).toBeNull();
  });

  it('lights nothing on other pages', () => {
    expect(activeTabFor('/')).toBeNull();
    expect(activeTabFor('/faq')).toBeNull();
  });
});
