import { defaultRuntimeConfig } from '../modules/runtime-config/default-runtime-config';
import { loadConfig } from '../config';
import { foreignOrigin, pageOriginOf, serializePolicy, sitePolicyDirectives } from './content-security-policy';

const builtIn = defaultRuntimeConfig(loadConfig({ NODE_ENV: 'test' }).pusher);

describe('the origin of a configured address', () => {
  it.each([
    ['/remotes/mf-earn/mf-manifest.json', undefined],
    ['remotes/mf-earn/mf-manifest.json', undefined],
    ['https://cdn.example.test/mf-earn/mf-manifest.json', 'https://cdn.example.test'],
    ['//cdn.example.test:8443/x.json', 'http://cdn.example.test:8443'],
    ['HTTP://CDN.example.test/x', 'http://cdn.example.test'],
    ['javascript:alert(1)', undefined],
    ['data:text/javascript,1', undefined],
    ['https://', undefined],
  ])('%s → %s', (address, origin) => {
    expect(foreignOrigin(address)).toBe(origin);
  });
});

describe('the page origin taken from a request', () => {
  it.each(['localhost:8080', 'earnly.example', '127.0.0.1:3000', '[::1]:8080'])('keeps the plain host %s', (host) => {
    expect(pageOriginOf('http', host)).toEqual({ scheme: 'http', host });
  });
  it.each(['', 'a b', "x.test;script-src 'unsafe-inline'", 'x.test,*', 'x.test/', 'x.test:99999999', '-x.test'])('drops %j', (host) => {
    expect(pageOriginOf('https', host)).toBeUndefined();
  });
});

describe('the site policy', () => {
  const page = { scheme: 'http' as const, host: 'localhost:8080' };

  it('names a configured gateway elsewhere, on the page port when the config gives none', () => {
    const realtime = { ...builtIn.realtime, wsHost: 'soketi.example.test', wsPort: 0, forceTLS: false };
    const directives = sitePolicyDirectives({ page, runtimeConfig: { ...builtIn, realtime }, publicUrl: undefined, imageOrigins: [], wallSlugs: [] });
    expect(directives['connect-src']).toEqual(["'self'", 'ws://soketi.example.test:8080/app/']);
  });

  it('brackets an IPv6 gateway host', () => {
    const realtime = { ...builtIn.realtime, wsHost: '2001:db8::5', wsPort: 6001, forceTLS: true };
    const directives = sitePolicyDirectives({ page, runtimeConfig: { ...builtIn, realtime }, publicUrl: undefined, imageOrigins: [], wallSlugs: [] });
    expect(directives['connect-src']).toContain('wss://[2001:db8::5]:6001/app/');
  });

  it('leaves out a gateway host that is not a plain host', () => {
    const realtime = { ...builtIn.realtime, wsHost: 'evil.test; script-src *', wsPort: 6001 };
    const directives = sitePolicyDirectives({ page, runtimeConfig: { ...builtIn, realtime }, publicUrl: undefined, imageOrigins: [], wallSlugs: [] });
    expect(serializePolicy(directives)).not.toContain('evil');
  });

  it("allows remote code from exactly the origins the shell's federation runtime accepts (remoteOriginsOf)", () => {
    const remotes = [...builtIn.remotes, { name: 'mf_cdn', manifest: 'https://cdn.example.test/mf-manifest.json', routes: ['/cdn'] }];
    const runtimeConfig = { ...builtIn, remotes, remoteOrigins: ['HTTPS://ASSETS.example.test', 'https://bad.example.test/path'] };
    const directives = sitePolicyDirectives({ page, runtimeConfig, publicUrl: undefined, imageOrigins: [], wallSlugs: [] });
    expect(directives['script-src']).toEqual(["'self'", 'https://assets.example.test', 'https://cdn.example.test']);
    expect(directives['style-src']).toEqual(directives['script-src']);
  });

  it('adds PUBLIC_URL for the absolute image links it makes', () => {
    const directives = sitePolicyDirectives({ page, runtimeConfig: builtIn, publicUrl: 'https://earnly.example/', imageOrigins: [], wallSlugs: ['bloomtask'] });
    expect(directives['img-src']).toEqual(["'self'", 'https://earnly.example']);
    expect(directives['frame-src']).toEqual(['http://localhost:8080/api/walls/bloomtask', 'http://localhost:8080/api/walls/bloomtask/']);
  });
});
