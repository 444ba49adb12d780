import { screen } from '@testing-library/react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import type { RootState } from '@rewards/shared/store/store';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { loadRemoteModule } from '../federation/federation-runtime';
import { WithRuntimeConfig } from '../test/runtime-config';
import { RemotePage } from './remote-page';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('./yield-to-browser', () => ({ yieldToBrowser: () => Promise.resolve() }));
const loadRemote = jest.mocked(loadRemoteModule);

function ConsolePage() {
  return <h1>Staff console</h1>;
}

const adminRoutes: RemoteRoute[] = [{ path: '/admin/*', Component: ConsolePage, audience: 'signed-in', meta: { title: 'Staff console', description: 'Staff only.' } }];

function renderAt(route: string, preloadedState: Partial<RootState>) {
  return renderWithProviders(
    <WithRuntimeConfig>
      <RemotePage />
    </WithRuntimeConfig>,
    { route, preloadedState },
  );
}

const visitor: Partial<RootState> = { session: { status: 'unauthenticated', user: null } };

describe('the staff console (mf_admin, staffOnly in the runtime config)', () => {
  beforeEach(() => loadRemote.mockResolvedValue({ default: adminRoutes }));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['a visitor', visitor],
    ['a signed-in user who is not staff', signedInState({ staff_role: null })],
  ])('is the 404 page for %s, and nothing of mf_admin is loaded', async (_who, state) => {
    renderAt('/admin/users/7', state);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  // The shell keeps a route table once loaded: the first staff visit loads it, the others show it again.
  it.each(['support', 'finance', 'admin'] as const)('loads for staff (%s) and shows the console under /admin', async (role) => {
    renderAt('/admin/tickets', signedInState({ staff_role: role }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    if (role === 'support') expect(loadRemote).toHaveBeenCalledWith('mf_admin', 'routes');
  });

  it('waits for the session before deciding: neither the console nor the 404 page meanwhile', async () => {
    renderAt('/admin', { session: { status: 'unknown', user: null } });
    await Promise.resolve();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
