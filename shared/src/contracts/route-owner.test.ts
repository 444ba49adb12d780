import { findRouteMatch, findRouteOwner } from './route-owner';
import type { RemoteConfig } from './runtime-config';

const remotes: RemoteConfig[] = [
  { name: 'mf_marketing', manifest: '/remotes/mf-marketing/mf-manifest.json', routes: ['/', '/faq'] },
  { name: 'mf_earn', manifest: '/remotes/mf-earn/mf-manifest.json', routes: ['/Earn', '/offers'] },
  { name: 'mf_deep', manifest: '/remotes/mf-deep/mf-manifest.json', routes: ['/offers/special'] },
];

describe('the remote and route owning a path', () => {
  it('matches whole segments in any case, the longest prefix winning, and names the route as configured', () => {
    expect(findRouteMatch('/earn/12', remotes)).toEqual({ remote: remotes[1], route: '/Earn' });
    expect(findRouteMatch('/offers/special/3', remotes)?.route).toBe('/offers/special');
    expect(findRouteMatch('/offers/specials', remotes)?.route).toBe('/offers');
    expect(findRouteMatch('/', remotes)?.route).toBe('/');
    expect(findRouteMatch('/faq/', remotes)?.route).toBe('/faq');
  });

  it('owns `/` only as the exact root, and no unknown path', () => {
    expect(findRouteMatch('/earnings', remotes)).toBeNull();
    expect(findRouteOwner('/nowhere', remotes)).toBeNull();
    expect(findRouteOwner('/Offers', remotes)?.name).toBe('mf_earn');
  });
});
