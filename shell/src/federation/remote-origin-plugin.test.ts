import { createInstance } from '@module-federation/enhanced/runtime';
import { isAllowedRemoteAddress, normalizedOrigin, remoteOriginsOf } from '@rewards/shared/contracts/remote-origins';
import { RemoteOriginRefused, remoteOriginPlugin } from './remote-origin-plugin';

const PAGE = 'https://rewards.example/Earn';
const ALLOWED = ['https://cdn.example'];

describe('isAllowedRemoteAddress', () => {
  it.each([
    ['/remotes/mf-earn/remoteEntry.js'],
    ['https://rewards.example/remotes/mf-earn/mf-manifest.json'],
    ['https://REWARDS.example:443/remotes/x.js'],
    ['https://cdn.example/mf-earn/remoteEntry.js'],
    ['HTTPS://CDN.EXAMPLE/mf-earn/remoteEntry.js'],
    ['https://cdn.example:443/x.js'],
  ])('lets %s load', (address) => {
    expect(isAllowedRemoteAddress(address, PAGE, ALLOWED)).toBe(true);
  });

  it.each([
    ['another origin', 'https://evil.example/remoteEntry.js'],
    ['protocol-relative', '//evil.example/remoteEntry.js'],
    ['backslashes the URL parser reads as a host', '/\\evil.example/remoteEntry.js'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/javascript,alert(1)'],
    ['blob:', 'blob:https://rewards.example/1234'],
    ['userinfo naming the good host', 'https://cdn.example@evil.example/remoteEntry.js'],
    ['userinfo on the good host', 'https://user:pass@cdn.example/remoteEntry.js'],
    ['userinfo on the page host', 'https://x@rewards.example/remoteEntry.js'],
    ['another port', 'https://cdn.example:8443/remoteEntry.js'],
    ['plain http of the listed host', 'http://cdn.example/remoteEntry.js'],
    ['a trailing dot', 'https://cdn.example./remoteEntry.js'],
    ['a suffix of the listed host', 'https://cdn.example.evil.example/remoteEntry.js'],
    ['a subdomain of the listed host', 'https://x.cdn.example/remoteEntry.js'],
    ['a page host with a trailing dot', 'https://rewards.example./remoteEntry.js'],
    ['no address at all', 'http://'],
  ])('refuses %s (%s)', (_case, address) => {
    expect(isAllowedRemoteAddress(address, PAGE, ALLOWED)).toBe(false);
  });

  it('refuses everything foreign when the runtime config lists no origin', () => {
    expect(isAllowedRemoteAddress('https://cdn.example/x.js', PAGE, [])).toBe(false);
    expect(isAllowedRemoteAddress('/remotes/x.js', PAGE, [])).toBe(true);
  });

  it('ignores listed origins that are not plain origins', () => {
    for (const listed of ['https://cdn.example/path', 'https://a@cdn.example', 'javascript:alert(1)', '*', 'cdn.example', 'https://cdn.example?x']) {
      expect(isAllowedRemoteAddress('https://cdn.example/x.js', PAGE, [listed])).toBe(false);
    }
  });
});

describe('normalizedOrigin and remoteOriginsOf', () => {
  it('normalizes case and default ports and refuses anything but an origin', () => {
    expect(normalizedOrigin('HTTPS://CDN.Example:443')).toBe('https://cdn.example');
    expect(normalizedOrigin('https://cdn.example/')).toBe('https://cdn.example');
    expect(normalizedOrigin('https://cdn.example/x')).toBeNull();
    expect(normalizedOrigin('ftp://cdn.example')).toBeNull();
  });

  it("lists the configured origins and the foreign manifests' origins, once each", () => {
    const remotes = [
      { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: [] },
      { name: 'mf_cashout', manifest: 'https://cdn.example/mf-cashout/mf-manifest.json', routes: [] },
    ];
    expect(remoteOriginsOf({ remotes, remoteOrigins: ['https://CDN.example', 'https://assets.example'] })).toEqual(['https://cdn.example', 'https://assets.example']);
    expect(remoteOriginsOf({ remotes })).toEqual(['https://cdn.example']);
  });
});

describe('remoteOriginPlugin', () => {
  const plugin = remoteOriginPlugin(ALLOWED, () => PAGE);

  it('refuses a foreign manifest, entry, script and preload, and lets the listed ones through to the next plugin', async () => {
    await expect(plugin.fetch!('https://evil.example/mf-manifest.json', {})).rejects.toBeInstanceOf(RemoteOriginRefused);
    await expect(plugin.loadEntry!({ remoteInfo: { entry: '//evil.example/remoteEntry.js' } } as never)).rejects.toBeInstanceOf(RemoteOriginRefused);
    expect(() => plugin.createScript!({ url: 'data:text/javascript,1' })).toThrow(RemoteOriginRefused);
    expect(() => plugin.createLink!({ url: 'https://cdn.example@evil.example/x.js' })).toThrow(RemoteOriginRefused);
    expect(plugin.fetch!('https://cdn.example/mf-manifest.json', {})).toBeUndefined();
    await expect(plugin.loadEntry!({ remoteInfo: { entry: '/remotes/mf-earn/remoteEntry.js' } } as never)).resolves.toBeUndefined();
    expect(plugin.createScript!({ url: 'https://cdn.example/x.js' })).toBeUndefined();
  });

  describe('in the federation runtime', () => {
    const fetchSpy = jest.fn();
    beforeEach(() => {
      fetchSpy.mockReset();
      Object.defineProperty(globalThis, 'fetch', { value: fetchSpy, configurable: true, writable: true });
    });

    it('fails loadRemote of a remote whose manifest is elsewhere, without asking that origin', async () => {
      const federation = createInstance({
        name: 'origin_check_host',
        remotes: [{ name: 'mf_evil', entry: 'https://evil.example/mf-manifest.json' }],
        plugins: [remoteOriginPlugin([], () => PAGE)],
      });
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      await expect(federation.loadRemote('mf_evil/routes')).rejects.toThrow(/Refused remote code from https:\/\/evil\.example\/mf-manifest\.json/);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(document.querySelector('script[src*="evil"]')).toBeNull();
    });

    it('fails loadRemote of a remote entry given directly from another origin, without adding its script', async () => {
      const federation = createInstance({
        name: 'origin_check_host_entry',
        remotes: [{ name: 'mf_evil_entry', entry: 'https://evil.example/remoteEntry.js' }],
        plugins: [remoteOriginPlugin([], () => PAGE)],
      });
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      await expect(federation.loadRemote('mf_evil_entry/routes')).rejects.toThrow(/Refused remote code from https:\/\/evil\.example\/remoteEntry\.js/);
      expect(document.querySelector('script[src*="evil"]')).toBeNull();
    });
  });
});
