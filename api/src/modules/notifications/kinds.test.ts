import { NOTIFICATION_KINDS, type NotificationKind } from '@rewards/shared/contracts/notifications';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { causedByTheUser, emailCategoryOf, NOTIFICATION_KIND_REGISTRY, type NotificationData, renderNotification, storedData } from './kinds';

/** How a kind's row reads, its facts first stored as notify() stores them. */
function read<Kind extends NotificationKind>(kind: Kind, data: NotificationData<Kind>, link: string | null = null) {
  return renderNotification(kind, storedData(kind, data), link);
}

describe('the registry of notification kinds', () => {
  it('has an entry for every kind of the shared contract, and nothing else', () => {
    expect(Object.keys(NOTIFICATION_KIND_REGISTRY).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  describe('credit', () => {
    it('says the amount in dollars, the offer and "available now"', () => {
      expect(read('credit', { coins: 1500, offer: 'Dragon Forge' })).toEqual({
        title: 'You earned $1.50',
        body: '“Dragon Forge”: available now.',
        link: '/Profile',
      });
    });

    it('says until when a held credit is held', () => {
      expect(read('credit', { coins: 12_000, offer: 'Solitaire', held_until: '2027-03-12T09:30:00.000Z' }).body).toBe('“Solitaire”: held until Mar 12, 2027.');
    });

    it('writes thousands with a separator and never rounds a coin up', () => {
      expect(read('credit', { coins: 1_234_567, offer: 'x' }).title).toBe('You earned $1,234.56');
    });
  });

  it('hold_released: the amount is available, from the offer when known', () => {
    expect(read('hold_released', { coins: 12_000, offer: 'Solitaire' })).toEqual({
      title: '$12.00 is available now',
      body: 'Your held earnings from “Solitaire” can be cashed out.',
      link: '/Cashout',
    });
    expect(read('hold_released', { coins: 12_000 }).body).toBe('Your held earnings can be cashed out.');
  });

  it("reversal: the partner's reason when given", () => {
    expect(read('reversal', { coins: 1500, offer: 'Dragon Forge', reason: 'Chargeback' })).toEqual({
      title: '$1.50 was reversed',
      body: 'The partner took back the credit for “Dragon Forge”. Reason: Chargeback.',
      link: '/Profile',
    });
    expect(read('reversal', { coins: -1500, offer: 'Dragon Forge', reason: null }).body).toBe('The partner took back the credit for “Dragon Forge”.');
  });

  it('referral_bonus', () => {
    expect(read('referral_bonus', { coins: 500 })).toEqual({
      title: 'Referral bonus: $0.50',
      body: "Your share of your friends' earnings is in your balance.",
      link: '/Profile',
    });
  });

  it.each([
    ['cashout_approved', 'Cashout approved', 'Your $5.00 PayPal cashout was approved.'],
    ['cashout_paid', 'Cashout paid', 'Your $5.00 PayPal cashout was sent.'],
  ] as const)('%s', (kind, title, body) => {
    expect(read(kind, { cashout_id: 7, coins: 5000, method: 'paypal' })).toEqual({ title, body, link: '/Cashout' });
  });

  it('cashout_rejected: refunded, with the reason', () => {
    expect(read('cashout_rejected', { cashout_id: 7, coins: 5000, method: 'visa', reason: 'The email bounced' })).toEqual({
      title: 'Cashout rejected',
      body: 'Your $5.00 Visa virtual gift card cashout was rejected and refunded to your balance. Reason: The email bounced.',
      link: '/Cashout',
    });
  });

  it('tickets lead to their thread', () => {
    expect(read('ticket_answered', { ticket_id: 12, offer: 'Dragon Forge' })).toEqual({
      title: 'Support answered your ticket',
      body: 'About “Dragon Forge”: read the answer.',
      link: '/tickets/12',
    });
    expect(read('ticket_accepted', { ticket_id: 12, offer: 'Dragon Forge', coins: 2000 }).title).toBe('Ticket accepted: $2.00 credited');
    expect(read('ticket_declined', { ticket_id: 12, offer: 'Dragon Forge', reason: 'Not started from our site!' }).body).toBe(
      'Your ticket about “Dragon Forge” was declined. Reason: Not started from our site!',
    );
  });

  it('new_sign_in: browser and OS from the user agent, and the address', () => {
    const userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(read('new_sign_in', { user_agent: userAgent, ip: '203.0.113.9' })).toEqual({
      title: 'New sign-in to your account',
      body: 'Signed in with Safari on macOS from 203.0.113.9. If this was not you, reset your password now.',
      link: null,
    });
    expect(read('new_sign_in', { user_agent: null, ip: null }).body).toBe('Signed in with an unknown browser. If this was not you, reset your password now.');
  });

  it('password_changed, two_factor_changed and email_verified', () => {
    expect(read('password_changed', {}).title).toBe('Your password was changed');
    expect(read('two_factor_changed', { method: 'totp' })).toMatchObject({
      title: 'Two-factor authentication turned on',
      body: 'Signing in now needs a code from your authenticator app too.',
    });
    expect(read('two_factor_changed', { method: 'off' }).title).toBe('Two-factor authentication turned off');
    expect(read('email_verified', {})).toEqual({ title: 'Email verified', body: 'Your email address is confirmed.', link: null });
  });

  it("keeps a row's own link over the kind's", () => {
    expect(read('credit', { coins: 10, offer: 'x' }, '/my-offers').link).toBe('/my-offers');
  });

  it('keeps odd text short and printable: control and direction characters go, long text is cut', () => {
    const stored = storedData('reversal', { coins: 1, offer: 'Evil\u202eOffer\u0000', reason: `${'why '.repeat(400)}` });
    const { body } = renderNotification('reversal', stored, null);
    expect(body).toContain('“Evil Offer”');
    expect(body).not.toMatch(/[\u0000\u202e]/);
    expect((stored.reason as string).length).toBeLessThanOrEqual(500);
  });

  it('refuses facts a kind does not take (a caller’s mistake)', () => {
    expect(() => storedData('credit', { coins: 1.5, offer: 'x' })).toThrow();
    expect(() => storedData('cashout_paid', { coins: 1 })).toThrow();
    expect(() => storedData('two_factor_changed', { method: 'sms' })).toThrow();
  });

  it('reads a row it cannot understand (a retired kind, facts of another shape) as a plain update', () => {
    expect(renderNotification('lottery_won', { coins: 1 }, null)).toEqual({ title: 'Account update', body: 'Something changed in your account.', link: null });
    expect(renderNotification('credit', { amount: '1.00' }, '/Profile')).toMatchObject({ title: 'Account update', link: '/Profile' });
  });

  it('emails cashouts paid or rejected, ticket answers, security changes, and always a password change', () => {
    const emailed = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, emailCategoryOf(kind)]).filter(([, category]) => category));
    expect(emailed).toEqual({
      cashout_paid: 'cashouts',
      cashout_rejected: 'cashouts',
      ticket_answered: 'tickets',
      new_sign_in: 'security',
      two_factor_changed: 'security',
      password_changed: 'always',
    });
  });

  describe('in the reader’s language', () => {
    /** Facts every kind takes, one example each. */
    const EXAMPLES: { [Kind in NotificationKind]: NotificationData<Kind> } = {
      credit: { coins: 123_450, offer: 'Dragon Forge', held_until: '2027-03-12T09:30:00.000Z' },
      hold_released: { coins: 12_000, offer: 'Solitaire' },
      reversal: { coins: 1500, offer: 'Dragon Forge', reason: 'Chargeback' },
      referral_bonus: { coins: 500 },
      cashout_approved: { cashout_id: 7, coins: 5000, method: 'paypal' },
      cashout_paid: { cashout_id: 7, coins: 5000, method: 'paypal' },
      cashout_rejected: { cashout_id: 7, coins: 5000, method: 'paypal', reason: 'The email bounced' },
      ticket_answered: { ticket_id: 12, offer: 'Dragon Forge' },
      ticket_accepted: { ticket_id: 12, offer: 'Dragon Forge', coins: 2000 },
      ticket_declined: { ticket_id: 12, offer: 'Dragon Forge', reason: null },
      new_sign_in: { user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', ip: '203.0.113.9' },
      password_changed: {},
      two_factor_changed: { method: 'email' },
      email_verified: {},
    };
    const inLocale = (kind: NotificationKind, locale: (typeof LOCALES)[number]) =>
      renderNotification(kind, storedData(kind, EXAMPLES[kind]), null, locale);

    it.each(LOCALES.filter((locale) => locale !== 'en'))('every kind reads differently from English in %s, with the same link', (locale) => {
      for (const kind of NOTIFICATION_KINDS) {
        const english = inLocale(kind, 'en');
        const translated = inLocale(kind, locale);
        expect({ kind, title: translated.title === english.title, body: translated.body === english.body }).toEqual({ kind, title: false, body: false });
        expect(translated.link).toBe(english.link);
      }
    });

    it('writes German words, amounts and dates as German writes them', () => {
      expect(inLocale('credit', 'de')).toMatchObject({ title: 'Du hast 123,45\u00a0$ verdient', body: '„Dragon Forge“: zurückgehalten bis 12.03.2027.' });
      expect(inLocale('new_sign_in', 'de').body).toBe(
        'Angemeldet mit Firefox auf Linux von 203.0.113.9. Wenn du das nicht warst, setze jetzt dein Passwort zurück.',
      );
      expect(renderNotification('new_sign_in', { user_agent: 'curl/8', ip: null }, null, 'fr').body).toMatch(/^Connexion avec un navigateur inconnu\./);
      expect(inLocale('reversal', 'es').body).toBe('El socio retiró el crédito de «Dragon Forge». Motivo: Chargeback.');
      expect(renderNotification('lottery_won', {}, null, 'pt-BR')).toEqual({ title: 'Novidade na sua conta', body: 'Algo mudou na sua conta.', link: null });
    });

    it('lets the request speak for the reader only of what the user’s own request causes', () => {
      expect(NOTIFICATION_KINDS.filter(causedByTheUser).sort()).toEqual(['email_verified', 'new_sign_in', 'password_changed', 'two_factor_changed']);
    });
  });
});
