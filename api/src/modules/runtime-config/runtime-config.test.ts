import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { users } from '../../db/schema';
import { bearer, signUp, withCookie } from '../../test/accounts';
import { addStaff } from '../../test/admin-kit';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

describe('GET /runtime-config.json', () => {
  const database = useTestDatabase();
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rewards-runtime-config-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("describes a visitor's four remotes, the API and the realtime service by default", async () => {
    const app = await buildTestApp({ database: database(), env: { PUSHER_KEY: 'key-1' } });
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Staff get another document (the console in it): a cache must tell the answers apart by the cookie.
    expect(response.headers.vary).toBe('Cookie');
    const config = response.json<RuntimeConfig>();
    expect(config.apiBase).toBe('/api');
    expect(config.remoteTimeoutMs).toBe(4000);
    expect(config.realtime).toEqual({ key: 'key-1', cluster: 'eu', wsHost: '', wsPort: 0, forceTLS: false, channel: 'fake-leads' });
    expect(config.remotes.map(({ name, manifest }) => [name, manifest])).toEqual([
      ['mf_marketing', '/remotes/mf-marketing/mf-manifest.json'],
      ['mf_earn', '/remotes/mf-earn/mf-manifest.json'],
      ['mf_cashout', '/remotes/mf-cashout/mf-manifest.json'],
      ['mf_account', '/remotes/mf-account/mf-manifest.json'],
    ]);
    expect(response.body).not.toMatch(/admin|staff/i);
    expect(config.remotes.find((remote) => remote.name === 'mf_earn')?.routes).toEqual(['/Earn', '/offers', '/my-offers', '/search', '/tickets']);
    expect(config.remotes[0]?.routes).toContain('/bonuses');
    expect(config.remotes[0]?.routes).toEqual(expect.arrayContaining(['/affiliates', '/advertisers', '/careers', '/press']));
    expect(config.footer).toBe('mf_marketing/site-footer');
    expect(config.modals.notifications).toBe('mf_account/notifications-panel');
    expect(config.remotes.find((remote) => remote.name === 'mf_account')?.routes).toEqual(['/Profile', '/notifications']);
    await app.close();
  });

  describe('the staff console (mf_admin, staff only)', () => {
    const consoleRemote = { name: 'mf_admin', manifest: '/remotes/mf-admin/mf-manifest.json', routes: ['/admin'], staffOnly: true };
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off' } });
    });
    afterAll(() => app.close());
    const configFor = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/runtime-config.json', cookies, headers });

    it.each(['support', 'finance', 'admin'] as const)('is listed for a signed-in %s member, in an answer that is theirs alone', async (role) => {
      const member = await signUp(app);
      await addStaff(database(), member.email, role);
      const response = await configFor(withCookie(member.token));
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toBe('Cookie');
      expect(response.json<RuntimeConfig>().remotes.filter((remote) => remote.staffOnly)).toEqual([consoleRemote]);
    });

    it('is not listed for a signed-in user who is not staff, nor for a staff member once blocked', async () => {
      const user = await signUp(app);
      const response = await configFor(withCookie(user.token));
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.json<RuntimeConfig>().remotes.map((remote) => remote.name)).not.toContain('mf_admin');

      const member = await signUp(app);
      await addStaff(database(), member.email, 'admin');
      await database().db.update(users).set({ status: 'blocked' }).where(eq(users.id, member.user.id));
      expect((await configFor(withCookie(member.token))).json<RuntimeConfig>().remotes.map((remote) => remote.name)).not.toContain('mf_admin');
    });

    it.each([
      ['a made-up session token', { auth_token: 'a'.repeat(64) }],
      ['a token of the wrong shape', { auth_token: "' OR 1=1 --" }],
      ['an empty token', { auth_token: '' }],
      ['a huge token', { auth_token: 'x'.repeat(8000) }],
      ['only the console cookie', { admin_session: 'b'.repeat(43) }],
    ])('is not listed for %s', async (_what, cookies) => {
      const response = await configFor(cookies);
      expect(response.statusCode).toBe(200);
      expect(response.json<RuntimeConfig>().remotes.map((remote) => remote.name)).not.toContain('mf_admin');
    });

    it("follows the session, not the cookie's name: a staff member's token sent as a bearer lists it too", async () => {
      const member = await signUp(app);
      await addStaff(database(), member.email, 'support');
      const response = await configFor({}, bearer(member.token));
      expect(response.json<RuntimeConfig>().remotes.map((remote) => remote.name)).toContain('mf_admin');
    });
  });

  it('serves RUNTIME_CONFIG_FILE instead, re-read on every request', async () => {
    const file = join(folder, 'runtime-config.json');
    const app = await buildTestApp({ database: database(), env: { RUNTIME_CONFIG_FILE: file } });
    const defaults = (await app.inject({ method: 'GET', url: '/runtime-config.json' })).statusCode;
    expect(defaults).toBe(500); // the file does not exist yet

    const moved = await defaultDocument();
    moved.remotes[1] = { name: 'mf_earn', manifest: 'https://earn.example/mf-manifest.json', routes: ['/Earn'] };
    await writeFile(file, JSON.stringify(moved));
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json<RuntimeConfig>().remotes[1]?.manifest).toBe('https://earn.example/mf-manifest.json');
    await app.close();
  });

  it('refuses a file that breaks the contract, without showing why', async () => {
    const file = join(folder, 'broken.json');
    await writeFile(file, JSON.stringify({ apiBase: '/api', remotes: 'none' }));
    const app = await buildTestApp({ database: database(), env: { RUNTIME_CONFIG_FILE: file } });
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: 'internal_error', message: 'Runtime configuration unavailable' });
    await app.close();
  });

  it('offers the site’s languages in the footer, and the pseudo-language only when the server runs in development', async () => {
    const development = await buildTestApp({ database: database(), env: { NODE_ENV: 'development' } });
    const offered = (await development.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().languages;
    expect(offered).toEqual(['en', 'es', 'de', 'pt-BR', 'fr', 'en-XA']);
    await development.close();

    const production = await buildTestApp({ database: database(), env: { NODE_ENV: 'production' } });
    const served = (await production.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().languages;
    expect(served).toEqual(['en', 'es', 'de', 'pt-BR', 'fr']);
    await production.close();
  });

  it.each([
    ['a language the site does not speak', ['en', 'it']],
    ['an empty list', []],
    ['something else than a list', 'en,de'],
    ['a tag with markup', ['<script>']],
  ])('refuses a file whose languages are %s', async (_label, languages) => {
    const file = join(folder, 'languages.json');
    await writeFile(file, JSON.stringify({ ...(await defaultDocument()), languages }));
    const app = await buildTestApp({ database: database(), env: { RUNTIME_CONFIG_FILE: file } });
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });

  it('tells browsers the telemetry sample rate: TELEMETRY_SAMPLE_RATE, or a file’s own (checked)', async () => {
    const sampled = await buildTestApp({ database: database(), env: { TELEMETRY_SAMPLE_RATE: '0.1' } });
    expect((await sampled.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().telemetry).toEqual({ sampleRate: 0.1 });
    await sampled.close();

    const file = join(folder, 'telemetry.json');
    const app = await buildTestApp({ database: database(), env: { RUNTIME_CONFIG_FILE: file } });
    await writeFile(file, JSON.stringify({ ...(await defaultDocument()), telemetry: { sampleRate: 0.5 } }));
    expect((await app.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().telemetry).toEqual({ sampleRate: 0.5 });
    await writeFile(file, JSON.stringify({ ...(await defaultDocument()), telemetry: { sampleRate: 2 } }));
    expect((await app.inject({ method: 'GET', url: '/runtime-config.json' })).statusCode).toBe(500);
    await app.close();
  });

  it('serves the languages a file lists, and a file without languages as it is', async () => {
    const file = join(folder, 'chosen-languages.json');
    const { languages: _languages, ...withoutLanguages } = await defaultDocument();
    const app = await buildTestApp({ database: database(), env: { RUNTIME_CONFIG_FILE: file } });
    await writeFile(file, JSON.stringify({ ...withoutLanguages, languages: ['de', 'en'] }));
    expect((await app.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().languages).toEqual(['de', 'en']);
    await writeFile(file, JSON.stringify(withoutLanguages));
    expect((await app.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().languages).toBeUndefined();
    await app.close();
  });

  async function defaultDocument(): Promise<RuntimeConfig> {
    const app = await buildTestApp({ database: database() });
    const document = (await app.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>();
    await app.close();
    return document;
  }
});
