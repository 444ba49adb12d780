import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { CACHE_FOREVER } from '../../plugins/cache-policy';
import { buildTestApp } from '../../test/build-test-app';
import { createSiteFixture, type SiteFixture } from '../../test/site-fixture';
import { useTestDatabase } from '../../test/test-database';
import { NO_RELEASES, type ReleaseState, writeReleaseState } from './release-state';
import { RELEASE_BUCKET_COOKIE } from './served-releases';

const A = '1.0.0-aaaaaaaaaa';
const B = '1.0.0-bbbbbbbbbb';

describe('released versions as the site serves them', () => {
  const database = useTestDatabase();
  let releasesDir: string;
  let site: SiteFixture;
  let app: FastifyInstance;

  beforeEach(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'rewards-served-releases-'));
    site = await createSiteFixture();
    for (const [version, title] of [
      [A, 'Quests'],
      [B, 'Quests of the week'],
    ] as const) {
      const folder = join(releasesDir, 'mf-marketing', version);
      await mkdir(join(folder, 'assets'), { recursive: true });
      await writeFile(join(folder, 'mf-manifest.json'), JSON.stringify({ id: 'mf_marketing', title }));
      await writeFile(join(folder, 'remoteEntry.js'), `var mf_marketing = ${JSON.stringify(title)};`);
      await writeFile(join(folder, 'bonuses.0123456789.js'), `export const title = ${JSON.stringify(title)};`);
      await mkdir(join(folder, 'prerendered'));
      await writeFile(join(folder, 'prerendered', 'index.html'), `<h1 id="landing-title">${title}</h1>`);
    }
    app = await buildTestApp({ database: database(), serveSite: true, siteRoot: site.root, env: { RELEASES_DIR: releasesDir } });
  });
  afterEach(async () => {
    await app.close();
    await site.remove();
    await rm(releasesDir, { recursive: true, force: true });
  });

  const point = (state: Partial<ReleaseState>) =>
    writeReleaseState(releasesDir, 'mf-marketing', {
      ...NO_RELEASES,
      published: [
        { version: A, publishedAt: '2026-11-23T10:00:00.000Z' },
        { version: B, publishedAt: '2026-11-23T11:00:00.000Z' },
      ],
      ...state,
    });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const marketingOf = (response: LightMyRequestResponse) => response.json<RuntimeConfig>().remotes.find((remote) => remote.name === 'mf_marketing');
  const bucketCookie = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === RELEASE_BUCKET_COOKIE);

  describe("the landing's prerendered page", () => {
    it('comes from the version the runtime config names, and follows a release or rollback', async () => {
      await site.write('shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
      const heading = async () => /<h1 id="landing-title">([^<]*)<\/h1>/.exec((await get('/', { accept: 'text/html' })).body)?.[1];
      await point({ current: A });
      expect(await heading()).toBe('Quests');
      await point({ current: B, previous: [A] });
      expect(await heading()).toBe('Quests of the week');
      await point({ current: A });
      expect(await heading()).toBe('Quests');
    });
  });

  describe('the runtime config', () => {
    it('names the working build of a remote never released', async () => {
      const response = await get('/runtime-config.json');
      expect(marketingOf(response)).toEqual(expect.objectContaining({ manifest: '/remotes/mf-marketing/mf-manifest.json' }));
      expect(marketingOf(response)?.version).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('names the version a remote serves, and follows a release or rollback on the next request', async () => {
      await point({ current: A });
      expect(marketingOf(await get('/runtime-config.json'))).toEqual(expect.objectContaining({ manifest: `/remotes/mf-marketing/${A}/mf-manifest.json`, version: A }));
      await point({ current: B, previous: [A] });
      expect(marketingOf(await get('/runtime-config.json'))?.version).toBe(B);
      await point({ current: A });
      expect(marketingOf(await get('/runtime-config.json'))?.version).toBe(A);
    });

    it('leaves the other remotes as they are', async () => {
      await point({ current: A });
      const earn = (await get('/runtime-config.json')).json<RuntimeConfig>().remotes.find((remote) => remote.name === 'mf_earn');
      expect(earn).toEqual(expect.objectContaining({ manifest: '/remotes/mf-earn/mf-manifest.json' }));
    });

    it('leaves a remote the runtime config places elsewhere as configured', async () => {
      await point({ current: A });
      const file = join(releasesDir, 'runtime-config.json');
      const document = (await get('/runtime-config.json')).json<RuntimeConfig>();
      document.remotes[0] = { ...document.remotes[0]!, manifest: 'https://cdn.example/mf-marketing/mf-manifest.json' };
      delete document.remotes[0].version;
      await writeFile(file, JSON.stringify(document));
      const configured = await buildTestApp({ database: database(), env: { RELEASES_DIR: releasesDir, RUNTIME_CONFIG_FILE: file } });
      const remote = (await configured.inject({ method: 'GET', url: '/runtime-config.json' })).json<RuntimeConfig>().remotes[0];
      expect(remote).toEqual(expect.objectContaining({ manifest: 'https://cdn.example/mf-marketing/mf-manifest.json' }));
      expect(remote?.version).toBeUndefined();
      await configured.close();
    });

    it('keeps serving the last good pointers when the state file is broken, and the working build when there were none', async () => {
      await point({ current: A });
      expect(marketingOf(await get('/runtime-config.json'))?.version).toBe(A);
      await writeFile(join(releasesDir, 'mf-marketing', 'release.json'), '{ "current": "../../etc" }');
      const response = await get('/runtime-config.json');
      expect(response.statusCode).toBe(200);
      expect(marketingOf(response)?.version).toBe(A);

      const fresh = await buildTestApp({ database: database(), env: { RELEASES_DIR: releasesDir } });
      const manifest = marketingOf(await fresh.inject({ method: 'GET', url: '/runtime-config.json' }))?.manifest;
      expect(manifest).toBe('/remotes/mf-marketing/mf-manifest.json');
      await fresh.close();
    });
  });

  describe('a canary', () => {
    beforeEach(() => point({ current: A, canary: { version: B, percent: 30 } }));

    it('gives a new browser a bucket for a year, and its version with it', async () => {
      const response = await get('/runtime-config.json');
      const cookie = bucketCookie(response);
      expect(cookie).toEqual(expect.objectContaining({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 }));
      expect(cookie?.value).toMatch(/^\d{1,2}$/);
      expect(marketingOf(response)?.version).toBe(Number(cookie?.value) < 30 ? B : A);
      // Each browser gets its own document: no shared cache may keep it.
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
    });

    it('keeps a browser on its version: buckets below the share get the canary', async () => {
      for (const [bucket, version] of [
        ['0', B],
        ['29', B],
        ['30', A],
        ['99', A],
      ] as const) {
        for (let visit = 0; visit < 3; visit += 1) {
          const response = await get('/runtime-config.json', { cookie: `${RELEASE_BUCKET_COOKIE}=${bucket}` });
          expect(marketingOf(response)?.version).toBe(version);
          expect(bucketCookie(response)).toBeUndefined();
        }
      }
    });

    it('gives about its share of new browsers the canary', async () => {
      let canaries = 0;
      const browsers = 2000;
      for (let browser = 0; browser < browsers; browser += 1) {
        if (marketingOf(await get('/runtime-config.json'))?.version === B) canaries += 1;
      }
      // 30% of 2000 is 600, with a standard deviation of about 20.
      expect(canaries).toBeGreaterThan(500);
      expect(canaries).toBeLessThan(700);
      // 2,000 requests: 21 s once, beside the whole test command.
    }, 60_000);

    it.each(['100', '-1', '7.5', 'abc', '1e1', '%00', ''])('replaces a bucket cookie of %j with a new one', async (value) => {
      const response = await get('/runtime-config.json', { cookie: `${RELEASE_BUCKET_COOKIE}=${value}` });
      expect(response.statusCode).toBe(200);
      expect(bucketCookie(response)?.value).toMatch(/^\d{1,2}$/);
    });

    it('ends for every browser with a rollback', async () => {
      await point({ current: A });
      const response = await get('/runtime-config.json', { cookie: `${RELEASE_BUCKET_COOKIE}=0` });
      expect(marketingOf(response)?.version).toBe(A);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('sets no cookie while no canary runs', async () => {
      await point({ current: A });
      expect(bucketCookie(await get('/runtime-config.json'))).toBeUndefined();
    });
  });

  describe('the files of each version', () => {
    it('serves every published version side by side, cached forever (a version never changes)', async () => {
      for (const [version, title] of [
        [A, 'Quests'],
        [B, 'Quests of the week'],
      ]) {
        for (const file of ['mf-manifest.json', 'remoteEntry.js', 'bonuses.0123456789.js']) {
          const response = await get(`/remotes/mf-marketing/${version}/${file}`);
          expect(response.statusCode).toBe(200);
          expect(response.body).toContain(title);
          expect(response.headers['cache-control']).toBe(CACHE_FOREVER);
        }
      }
    });

    it('keeps serving the working build beside them', async () => {
      const response = await get('/remotes/mf-marketing/mf-manifest.json');
      expect(response.json()).toEqual({ id: 'mf_marketing', version: 1 });
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('lets another origin load a version (CORS)', async () => {
      const response = await get(`/remotes/mf-marketing/${A}/mf-manifest.json`, { origin: 'https://cdn.example' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });

    it.each([
      `/remotes/mf-marketing/1.0.0-cccccccccc/mf-manifest.json`,
      `/remotes/mf-marketing/${A}/missing.js`,
      `/remotes/mf-marketing/${A}`,
      `/remotes/mf-marketing/${A}/`,
      `/remotes/mf-earn/${A}/mf-manifest.json`,
      `/remotes/mf-marketing/release.json`,
      `/remotes/mf-marketing/${A}/../release.json`,
      `/remotes/mf-marketing/${A}/..%2frelease.json`,
      `/remotes/mf-marketing/${A}/%2e%2e/%2e%2e/mf-earn/x.js`,
      `/remotes/mf-marketing/${A}/.lock`,
    ])('answers %s with a 404 or 403, never another file', async (url) => {
      await writeFile(join(releasesDir, 'mf-marketing', 'release.json'), '{}');
      await writeFile(join(releasesDir, 'mf-marketing', A, '.lock'), '1');
      const response = await get(url, { accept: 'text/html' });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('shell v1');
      expect(response.body).not.toContain('{}');
    });
  });
});
