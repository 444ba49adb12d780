import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { EMBEDS } from '@rewards/shared/contracts/embeds';
import { loadExposedModule, provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { testRuntimeConfig } from '../test/runtime-config';
import { initFederation, remoteDeadlinePlugin } from './federation-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

describe('initFederation', () => {
  afterEach(() => provideRemoteModuleLoader(null));

  it('registers the remotes of the runtime config', () => {
    initFederation(testRuntimeConfig);
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'mf_earn', entry: '/remotes/mf-earn/mf-manifest.json' }]),
    );
  });

  it('lets remotes load each other\'s exposed modules through the shell\'s runtime', async () => {
    const partnerWalls = { default: () => null };
    jest.mocked(loadRemote).mockResolvedValue(partnerWalls);
    initFederation(testRuntimeConfig);
    await expect(loadExposedModule(EMBEDS.partnerWalls)).resolves.toBe(partnerWalls);
    expect(loadRemote).toHaveBeenCalledWith('mf_earn/partner-walls');
  });

  it('rejects when the remote answers nothing', async () => {
    jest.mocked(loadRemote).mockResolvedValue(undefined);
    initFederation(testRuntimeConfig);
    await expect(loadExposedModule(EMBEDS.withdrawalsPanel)).rejects.toThrow('mf_cashout/withdrawals-panel is unavailable');
  });
});

/** What the browser's resource timing says was loaded (jsdom keeps none). */
function resourceTimings(entries: Array<Partial<PerformanceResourceTiming>>) {
  Object.defineProperty(performance, 'getEntriesByName', { value: () => entries, configurable: true });
}

describe('remote entry scripts and the page preload of them', () => {
  const ENTRY = 'http://localhost/remotes/mf-marketing/remoteEntry.js';
  const scriptFor = (url: string) => {
    const created = remoteDeadlinePlugin(4_000).createScript!({ url } as never) as { script: HTMLScriptElement; timeout: number };
    expect(created.timeout).toBe(4_000);
    return created.script.src;
  };
  afterEach(() => {
    document.head.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('loads a remote entry the page did not preload from its own address', () => {
    expect(scriptFor(ENTRY)).toBe(ENTRY);
  });

  it('uses the preload that arrived', () => {
    document.head.innerHTML = '<link rel="preload" as="script" href="/remotes/mf-marketing/remoteEntry.js">';
    resourceTimings([{ responseStatus: 200, decodedBodySize: 1_000 }]);
    expect(scriptFor(ENTRY)).toBe(ENTRY);
  });

  it('asks under another address when the preload failed, so Retry reaches the network', () => {
    document.head.innerHTML = '<link rel="preload" as="script" href="/remotes/mf-marketing/remoteEntry.js">';
    resourceTimings([]);
    expect(scriptFor(ENTRY)).toMatch(/^http:\/\/localhost\/remotes\/mf-marketing\/remoteEntry\.js\?retry=\d+$/);
  });
});
