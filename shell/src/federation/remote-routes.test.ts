import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { loadRemoteModule } from './federation-runtime';
import { isRouteTableLoaded, loadRemoteRoutes } from './remote-routes';

jest.mock('./federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);

const routes: RemoteRoute[] = [{ path: '/Earn', Component: () => null, audience: 'signed-in', meta: { title: 'Earn', description: 'Earn.' } }];

describe("a remote's route table", () => {
  it('counts as loaded once it arrived, not while it loads', async () => {
    let arrive: (module: unknown) => void = () => {};
    loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const loading = loadRemoteRoutes('mf_arriving');
    expect(isRouteTableLoaded('mf_arriving')).toBe(false);
    arrive({ default: routes });
    await loading;
    expect(isRouteTableLoaded('mf_arriving')).toBe(true);
    expect(isRouteTableLoaded('mf_never_asked')).toBe(false);
  });

  it('does not count as loaded after a failed load', async () => {
    loadRemote.mockRejectedValue(new Error('RUNTIME-003 mf_down is down'));
    await expect(loadRemoteRoutes('mf_down')).rejects.toThrow('is down');
    expect(isRouteTableLoaded('mf_down')).toBe(false);
  });
});
