import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importCatalog, parseCatalog } from '../modules/earn/catalog';
import { buildTestApp } from '../test/build-test-app';
import { createSiteFixture, type SiteFixture } from '../test/site-fixture';
import { useTestDatabase } from '../test/test-database';
import { HSTS_VALUE } from './security-headers';

/** The CSP header as directive name → sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  const database = useTestDatabase();
  let site: SiteFixture;
  const apps: FastifyInstance[] = [];
  const appWith = async (env: Record<string, string> = {}) => {
    const app = await buildTestApp({ database: database(), serveSite: true, siteRoot: site.root, env: { RATE_LIMITS: 'off', ...env } });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    site = await createSiteFixture();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => site.remove());

  const page = (app: FastifyInstance, url = '/', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'earnly.test:8080', accept: 'text/html', ...headers } });

  describe('on API answers', () => {
    it.each([
      ['GET', '/api/health'],
      ['GET', '/runtime-config.json'],
      ['GET', '/api/no-such-call'],
      ['POST', '/api/Account/login'],
    ])('%s %s carries nosniff, a referrer policy and a policy that loads and frames nothing', async (method, url) => {
      const app = await appWith();
      const response = await app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    });

    it('sends no HSTS over plain HTTP outside production', async () => {
      const app = await appWith();
      expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
      expect((await page(app)).headers['strict-transport-security']).toBeUndefined();
    });

    it('sends HSTS when a trusted proxy says the request came over TLS', async () => {
      const app = await appWith({ TRUST_PROXY: '1' });
      const response = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe(HSTS_VALUE);
      const untrusted = await (await appWith()).inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends HSTS in production even when no proxy is trusted', async () => {
      const app = await appWith({ NODE_ENV: 'staging', APP_SECRET: 'a-real-secret-of-enough-length', PUSHER_SECRET: 'a-real-pusher-secret', DEMO_WALLS: '0' });
      expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBe(HSTS_VALUE);
    });

    it("lets other origins load the remotes' files and offer images, and nothing else of ours", async () => {
      const app = await appWith();
      expect((await app.inject({ url: '/remotes/mf-marketing/remoteEntry.js' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await app.inject({ url: '/api/assets/offers/dragon-forge-legends.svg' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await app.inject({ url: '/main.0123456789.js' })).headers['cross-origin-resource-policy']).toBe('same-origin');
      expect((await app.inject({ url: '/api/health' })).headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it("keeps the demo wall's own policy (it is framed by the site)", async () => {
      const app = await appWith();
      const response = await app.inject({ url: '/api/walls/bloomtask?user_id=1' });
      expect(response.statusCode).toBe(200);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'none'"]);
    });
  });

  describe('on pages', () => {
    it.each(['/', '/Earn', '/Cashout', '/no-such-page'])('%s gets the site policy: our scripts and styles only, framed by us only', async (url) => {
      const app = await appWith();
      const response = await page(app, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'ws://earnly.test:8080/app/']);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    });

    it('frames only the partner walls, each on its own path', async () => {
      const app = await appWith();
      const frames = policyOf((await page(app, '/Earn')).headers['content-security-policy']).get('frame-src')!;
      expect(frames).toContain('http://earnly.test:8080/api/walls/bloomtask');
      expect(frames).toContain('http://earnly.test:8080/api/walls/bloomtask/');
      expect(frames).toContain('http://earnly.test:8080/api/walls/notik');
      expect(frames).toHaveLength(18 * 2);
      expect(frames.every((source) => source.startsWith('http://earnly.test:8080/api/walls/'))).toBe(true);
      expect(frames).not.toContain("'self'");
    });

    it('names the secure socket and upgrades requests on a page reached over TLS', async () => {
      const app = await appWith({ TRUST_PROXY: '1' });
      const response = await page(app, '/', { 'x-forwarded-proto': 'https', host: 'earnly.example' });
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('connect-src')).toContain('wss://earnly.example/app/');
      expect(policy.get('frame-src')).toContain('https://earnly.example/api/walls/offery');
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      expect(response.headers['strict-transport-security']).toBe(HSTS_VALUE);
    });

    it('writes nothing of a hostile Host header into the policy', async () => {
      const app = await appWith();
      for (const host of ["evil.test; script-src 'unsafe-inline'", 'evil.test, *', 'evil.test/ *']) {
        const header = String((await page(app, '/', { host })).headers['content-security-policy']);
        expect(header).not.toContain('evil');
        expect(header).not.toContain('unsafe-inline');
        expect(policyOf(header).get('frame-src')).toEqual(["'self'"]);
        expect(policyOf(header).get('connect-src')).toEqual(["'self'"]);
      }
    });

    it('allows the origins RUNTIME_CONFIG_FILE places remotes, the API and the realtime service on, read per page', async () => {
      const file = join(site.root, 'runtime-config.json');
      const config = (remoteOrigin: string) => ({
        apiBase: 'https://api.example.test/api',
        remotes: [
          { name: 'mf_marketing', manifest: `${remoteOrigin}/mf-marketing/mf-manifest.json`, routes: ['/'] },
          { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: ['/Earn'] },
        ],
        modals: { auth: 'mf_account/auth-modal', settings: 'mf_account/settings-modal', invite: 'mf_account/invite-modal' },
        realtime: { key: 'k', cluster: 'eu', wsHost: 'ws.example.test', wsPort: 6001, forceTLS: true, channel: 'leads' },
        remoteTimeoutMs: 4000,
      });
      await writeFile(file, JSON.stringify(config('https://cdn.example.test')));
      const app = await appWith({ RUNTIME_CONFIG_FILE: file });
      const policy = policyOf((await page(app)).headers['content-security-policy']);
      for (const directive of ['script-src', 'style-src', 'font-src', 'img-src', 'connect-src']) {
        expect(policy.get(directive)).toContain('https://cdn.example.test');
      }
      expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://api.example.test', 'wss://ws.example.test:6001/app/']));
      expect(policy.get('connect-src')).not.toContain('ws://earnly.test:8080/app/');
      expect(policy.get('img-src')).toContain('https://api.example.test');
      expect(policy.get('frame-src')).toContain('https://api.example.test/api/walls/bloomtask');
      expect(policy.get('script-src')).not.toContain('https://api.example.test');

      await writeFile(file, JSON.stringify(config('https://cdn2.example.test')));
      const moved = policyOf((await page(app)).headers['content-security-policy']);
      expect(moved.get('script-src')).toEqual(["'self'", 'https://cdn2.example.test']);
    });

    it('allows offer images the catalog serves from a partner host', async () => {
      await importCatalog(
        database().db,
        parseCatalog({ offers: [{ offer_id: 'partner-imaged', name: 'Partner Imaged', title: 'Play', image_url: 'https://img.partner.test/a/b.png?x=1', rate: 3, platforms: ['PC'], payout: 1 }] }),
      );
      const app = await appWith();
      const policy = policyOf((await page(app)).headers['content-security-policy']);
      expect(policy.get('img-src')).toEqual(["'self'", 'https://img.partner.test']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
    });
  });
});
