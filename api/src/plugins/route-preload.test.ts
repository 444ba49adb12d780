import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { preloadLinks, slotPreloads } from './route-preload';

describe('preloads of a slot every page shows (the verify-email banner)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'slot-preloads-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const config = (manifest = '/remotes/mf-account/1.2.3/mf-manifest.json', staffOnly = false) =>
    ({ apiBase: '/api', remotes: [{ name: 'mf_account', manifest, routes: ['/Profile'], ...(staffOnly ? { staffOnly } : {}) }] }) as unknown as RuntimeConfig;
  const locate = (urlPath: string) => (urlPath === '/remotes/mf-account/1.2.3/mf-manifest.json' ? join(folder, 'mf-manifest.json') : null);
  const manifest = (banner: unknown) =>
    writeFile(
      join(folder, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './settings', assets: { js: { sync: ['settings.1111111111.js'] }, css: { sync: [] } } }, { path: './verify-email-banner', assets: banner }],
      }),
    );
  const listed = (preloads: Awaited<ReturnType<typeof slotPreloads>>) => preloads.map(({ href, as, fetchPriority }) => `${as} ${fetchPriority} ${href}`);

  it("names the remote's manifest, entry and the module's own scripts and styles, of the version the config names, at low priority", async () => {
    await manifest({
      js: { sync: ['banner.0e1ff9f6a4.js', 'messages.e27d41b3ea.js'], async: ['later.js', 'messages-account-en-json.1111111111.js', 'messages-account-pt-BR-json.2222222222.js'] },
      css: { sync: ['banner.a5177c03d5.css'] },
    });
    expect(listed(await slotPreloads('mf_account/verify-email-banner', config(), locate, 'pt-BR'))).toEqual([
      'fetch low /remotes/mf-account/1.2.3/mf-manifest.json',
      'script low /remotes/mf-account/1.2.3/remoteEntry.js',
      'script low /remotes/mf-account/1.2.3/banner.0e1ff9f6a4.js',
      'script low /remotes/mf-account/1.2.3/messages.e27d41b3ea.js',
      'style low /remotes/mf-account/1.2.3/banner.a5177c03d5.css',
      'script low /remotes/mf-account/1.2.3/messages-account-pt-BR-json.2222222222.js',
    ]);
    expect(listed(await slotPreloads('mf_account/verify-email-banner', config(), locate))).toEqual([
      'fetch low /remotes/mf-account/1.2.3/mf-manifest.json',
      'script low /remotes/mf-account/1.2.3/remoteEntry.js',
      'script low /remotes/mf-account/1.2.3/banner.0e1ff9f6a4.js',
      'script low /remotes/mf-account/1.2.3/messages.e27d41b3ea.js',
      'style low /remotes/mf-account/1.2.3/banner.a5177c03d5.css',
    ]);
  });

  it('names nothing for no slot, a malformed name, a remote the config lacks or one for staff only; the manifest alone when it is unreadable', async () => {
    await manifest({ js: { sync: ['banner.js'] } });
    for (const exposed of [undefined, '', 'mf_account', 'mf_other/verify-email-banner', '../x/y']) expect(await slotPreloads(exposed, config(), locate)).toEqual([]);
    expect(await slotPreloads('mf_account/verify-email-banner', config(undefined, true), locate)).toEqual([]);
    expect(listed(await slotPreloads('mf_account/verify-email-banner', config('https://cdn.example/mf-account/mf-manifest.json'), locate))).toEqual([
      'fetch low https://cdn.example/mf-account/mf-manifest.json',
    ]);
  });

  it('puts nothing of a hostile manifest into the page: no markup, no path out of the folder, no other origin', async () => {
    await manifest({
      js: {
        sync: ['"><script>alert(1)</script>', '../../etc/passwd', '/abs.js', 'https://evil.example/x.js', 'a b.js', 7, null, 'ok.1234567890.js'],
        async: ['../x-en-json.js', '"><script>-en-json.js'],
      },
      css: { sync: 'x.css' },
    });
    const preloads = await slotPreloads('mf_account/verify-email-banner', config(), locate, 'en');
    expect(listed(preloads)).toEqual([
      'fetch low /remotes/mf-account/1.2.3/mf-manifest.json',
      'script low /remotes/mf-account/1.2.3/remoteEntry.js',
      'script low /remotes/mf-account/1.2.3/ok.1234567890.js',
    ]);
    expect(preloadLinks(preloads)).not.toMatch(/<script|passwd|evil|onload/);
    for (const content of ['{ not json', 'null', '[]', '"x"']) {
      await writeFile(join(folder, 'mf-manifest.json'), content);
      expect(listed(await slotPreloads('mf_account/verify-email-banner', config(), locate))).toEqual(['fetch low /remotes/mf-account/1.2.3/mf-manifest.json']);
    }
  });
});
