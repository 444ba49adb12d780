import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { testRuntimeConfig } from '../test/runtime-config';
import { yieldToBrowser } from '../app/yield-to-browser';
import { forgetPrefetchedRemotes, prefetchRemoteFiles, routeFiles, type RemoteManifest } from './prefetch-remote-files';

jest.mock('../app/yield-to-browser', () => ({ yieldToBrowser: jest.fn(() => Promise.resolve()) }));

const MANIFEST: RemoteManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'routes',
      assets: {
        js: { sync: ['__federation_expose_routes.1.js'], async: ['295.2.js', 'panel.3.js'] },
        css: { sync: [], async: ['295.4.css'] },
      },
    },
    { name: 'withdrawals-panel', assets: { js: { sync: ['panel.3.js', 'only-panel.5.js'], async: [] } } },
  ],
};

const cashout = testRuntimeConfig.remotes.find((remote) => remote.name === 'mf_cashout') as RemoteConfig;

describe('routeFiles', () => {
  it("names the entry, then the route table's files and its pages', each once, beside the manifest", () => {
    expect(routeFiles(MANIFEST, '/remotes/mf-cashout/mf-manifest.json')).toEqual([
      'http://localhost/remotes/mf-cashout/remoteEntry.js',
      'http://localhost/remotes/mf-cashout/__federation_expose_routes.1.js',
      'http://localhost/remotes/mf-cashout/295.2.js',
      'http://localhost/remotes/mf-cashout/panel.3.js',
      'http://localhost/remotes/mf-cashout/295.4.css',
    ]);
  });

  it('follows an entry in a folder of its own and a manifest on another origin', () => {
    const manifest = { ...MANIFEST, metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } } };
    expect(routeFiles(manifest, 'https://cdn.example/earn/2.1.0/mf-manifest.json')[0]).toBe('https://cdn.example/earn/2.1.0/entry/remoteEntry.js');
  });

  it('names nothing for a manifest without an entry or a route table (a remote still deploying)', () => {
    expect(routeFiles({}, '/remotes/mf-cashout/mf-manifest.json')).toEqual([]);
  });
});

describe('prefetchRemoteFiles', () => {
  const fetchMock = jest.fn();
  const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
  /** The browser's answer to every prefetch link so far. */
  const finishLinks = (outcome: 'load' | 'error') => prefetchLinks().forEach((link) => link.dispatchEvent(new Event(outcome)));

  beforeEach(() => {
    forgetPrefetchedRemotes();
    document.head.innerHTML = '';
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  it('adds a prefetch link per file and settles once every file is in or failed, running none of them', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(MANIFEST)));
    let settled = false;
    const prefetching = prefetchRemoteFiles(cashout).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith(cashout.manifest, { cache: 'no-cache' });
    expect(prefetchLinks().map((link) => new URL(link.href).pathname)).toEqual([
      '/remotes/mf-cashout/remoteEntry.js',
      '/remotes/mf-cashout/__federation_expose_routes.1.js',
      '/remotes/mf-cashout/295.2.js',
      '/remotes/mf-cashout/panel.3.js',
      '/remotes/mf-cashout/295.4.css',
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(settled).toBe(false);
    prefetchLinks().slice(0, 2).forEach((link) => link.dispatchEvent(new Event('error')));
    finishLinks('load');
    await prefetching;
    expect(settled).toBe(true);
  });

  it('adds one link per task, so that no task adds several', async () => {
    const pages = Array.from({ length: 6 }, (_, index) => `page-${index}.js`);
    const manifest = { ...MANIFEST, exposes: [{ name: 'routes', assets: { js: { sync: ['routes.js'], async: pages } } }] };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(manifest)));
    const nextTasks: Array<() => void> = [];
    jest.mocked(yieldToBrowser).mockImplementation(() => new Promise((resolve) => nextTasks.push(resolve)));
    const prefetching = prefetchRemoteFiles(cashout);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const counts = [prefetchLinks().length];
    while (nextTasks.length > 0) {
      nextTasks.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
      counts.push(prefetchLinks().length);
    }
    // The entry, the route table and the six pages, one more in each task.
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    finishLinks('load');
    await prefetching;
    jest.mocked(yieldToBrowser).mockImplementation(() => Promise.resolve());
  });

  it('asks for each remote once', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(MANIFEST)));
    const first = prefetchRemoteFiles(cashout);
    expect(prefetchRemoteFiles(cashout)).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishLinks('load');
    await first;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails on a manifest that is not there, and asks again next time', async () => {
    fetchMock.mockResolvedValueOnce(new Response('gone', { status: 404 }));
    await expect(prefetchRemoteFiles(cashout)).rejects.toThrow('The manifest of mf_cashout answered 404');
    expect(prefetchLinks()).toHaveLength(0);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(prefetchRemoteFiles(cashout)).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
