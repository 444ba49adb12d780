import { referralLink, referralPercent, shareTargets } from './share-links';

describe('referral link', () => {
  it('is the site origin, /ref/ and the code', () => {
    expect(referralLink('https://earnly.example', 'ABC123')).toBe('https://earnly.example/ref/ABC123');
  });

  it('says 5% (spec §9)', () => {
    expect(referralPercent()).toBe('5%');
  });
});

describe('share targets (spec §2)', () => {
  const link = 'https://earnly.example/ref/ABC123';
  const href = (name: string) => shareTargets(link, 'Join me!').find((target) => target.name === name)?.href;

  it('shares on WhatsApp with the message and the link', () => {
    expect(href('WhatsApp')).toBe('https://wa.me/?text=Join%20me!%20https%3A%2F%2Fearnly.example%2Fref%2FABC123');
  });

  it('shares the link on Facebook', () => {
    expect(href('Facebook')).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fearnly.example%2Fref%2FABC123');
  });

  it('shares the link and the message on Telegram', () => {
    expect(href('Telegram')).toBe('https://t.me/share/url?url=https%3A%2F%2Fearnly.example%2Fref%2FABC123&text=Join%20me!');
  });
});
