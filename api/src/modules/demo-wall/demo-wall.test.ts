import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { conversions } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { importCatalog, parseCatalog } from '../earn/catalog';
import { verifyLedger } from '../ledger/ledger';
import { escapeHtml } from './page';
import { balanceCoins } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`the demo offer wall over real HTTP on ${kind}`, () => {
  const { database, app } = useTestApp();
  let base: string;

  beforeAll(async () => {
    await app().listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  });

  const page = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const complete = async (slug: string, form: Record<string, string>) => {
    const response = await fetch(`${base}/api/walls/${slug}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, html: await response.text() };
  };
  const forms = (html: string) => [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((match) => match[1]);

  it('serves a self-contained page for every partner slug, with a strict CSP', async () => {
    const { user } = await signUp(app());
    const { status, headers, html } = await page(`/api/walls/bloomtask?user_id=${user.id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'",
    );
    expect(headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<h1>Bloomtask</h1>');
    expect(html).toContain(`Earning as user #${user.id}`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/i);
    // A selection of offers, each task a plain form back to this wall.
    expect(forms(html).length).toBeGreaterThanOrEqual(6);
    expect(new Set(forms(html))).toEqual(new Set(['/api/walls/bloomtask/complete']));
    for (const slug of ['demo', 'offery', 'notik', 'emberdeck']) expect((await page(`/api/walls/${slug}?user_id=${user.id}`)).status).toBe(200);
  });

  it('shows every task of one offer with offer_id, and no buttons to a visitor or an unknown user', async () => {
    const { user } = await signUp(app());
    const one = await page(`/api/walls/demo?user_id=${user.id}&offer_id=dragon-forge-legends`);
    expect(forms(one.html)).toHaveLength(4);
    expect(one.html).toContain('Reach castle level 15');
    expect(one.html).toContain('$119.47');
    const visitor = await page('/api/walls/demo?user_id=&offer_id=dragon-forge-legends');
    expect(forms(visitor.html)).toHaveLength(0);
    expect(visitor.html).toContain('Sign in to earn');
    const stranger = await page('/api/walls/demo?user_id=987654321');
    expect(forms(stranger.html)).toHaveLength(0);
    expect(stranger.html).toContain('Unknown user #987654321');
  });

  it('completes a task end to end: form POST, signed postback to itself over HTTP, "Completed: +$x.xx credited"', async () => {
    const { user, token } = await signUp(app());
    const done = await complete('bloomtask', { user_id: String(user.id), offer_id: 'dragon-forge-legends', event_id: 'level-5', return_offer: 'dragon-forge-legends' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Completed: +$4.97 credited');
    expect(done.html).toContain('Done &#10003;');
    expect(forms(done.html)).toHaveLength(3);
    expect(await balanceCoins(database().db, user.id)).toBe(4970);
    const [conversion] = await database().db.select().from(conversions).where(eq(conversions.userId, user.id));
    expect(conversion).toMatchObject({ wall: 'demo', partnerOfferId: 'dragon-forge-legends', partnerEventId: 'level-5', payoutCoins: 4970 });
    expect(conversion?.txid).toMatch(/^demo-[0-9a-f-]{36}$/);

    const again = await complete('bloomtask', { user_id: String(user.id), offer_id: 'dragon-forge-legends', event_id: 'level-5' });
    expect(again.status).toBe(409);
    expect(again.html).toContain('Already completed');
    expect(await balanceCoins(database().db, user.id)).toBe(4970);

    // An offer with a single reward completes whole, and My Offers shows it.
    const single = await complete('demo', { user_id: String(user.id), offer_id: 'snake-arena-io', event_id: '' });
    expect(single.html).toContain('Completed: +$0.80 credited');
    const mine = (await app().inject({ method: 'GET', url: '/api/Offers/my-offers', headers: bearer(token) })).json().data;
    expect(mine.find((offer: { offer_id: string }) => offer.offer_id === 'snake-arena-io')).toMatchObject({ status: 'completed' });
  });

  it('shows the error, changing nothing, for a bad form', async () => {
    const { user } = await signUp(app());
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ user_id: '', offer_id: 'puzzle-harbor', event_id: 'levels-50' }, 422, 'sign in to earn'],
      [{ user_id: String(user.id), offer_id: 'nope', event_id: 'levels-50' }, 404, 'that offer is not on this wall'],
      [{ user_id: String(user.id), offer_id: 'puzzle-harbor', event_id: 'nope' }, 404, 'that task is not part of the offer'],
      [{ user_id: String(user.id), offer_id: 'puzzle-harbor', event_id: '' }, 404, 'that task is not part of the offer'],
      [{ user_id: '987654321', offer_id: 'puzzle-harbor', event_id: 'levels-50' }, 404, 'unknown user'],
    ];
    for (const [form, status, text] of cases) {
      const answer = await complete('demo', form);
      expect([form, answer.status]).toEqual([form, status]);
      expect(answer.html).toContain(`Not credited: ${text}`);
    }
    expect(await balanceCoins(database().db, user.id)).toBe(0);
  });

  it('escapes everything it shows', async () => {
    const { user } = await signUp(app());
    const hostile = '<script>alert(1)</script> & "quotes" \'';
    await importCatalog(
      database().db,
      parseCatalog({
        offers: [
          {
            offer_id: 'hostile-offer',
            name: hostile,
            title: `<img src=x onerror=alert(1)>`,
            image_url: "/api/assets/offers/it's&amp.svg",
            rate: 1,
            platforms: ['PC'],
            payout: '1.00',
            events: [{ id: 'step', name: `</li><form action="https://evil.example">`, payout: '1.00' }],
          },
        ],
      }),
    );
    const { html } = await page(`/api/walls/demo?user_id=${user.id}&offer_id=hostile-offer`);
    expect(html).toContain(escapeHtml(hostile));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('action="https://evil.example"');
    expect(html).toContain('src="/api/assets/offers/it&#39;s&#38;amp.svg"');
    const unknown = await page('/api/walls/%3Cscript%3Ex?user_id=1');
    expect(unknown.status).toBe(404);
    expect(unknown.html).not.toContain('<script>');
  });

  it('cannot post to itself when the server does not listen', async () => {
    const quiet = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off' } });
    try {
      const { user } = await signUp(quiet);
      const response = await quiet.inject({
        method: 'POST',
        url: '/api/walls/demo/complete',
        payload: `user_id=${user.id}&offer_id=puzzle-harbor&event_id=levels-50`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('Not credited: the server is not listening.');
    } finally {
      await quiet.close();
    }
  });

  describe('after all of it', () => {
    it('keeps the ledger invariant', async () => {
      expect(await verifyLedger(database().db)).toEqual([]);
    });
  });
});
