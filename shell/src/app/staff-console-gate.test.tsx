import { screen } from '@testing-library/react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import type { RootState } from '@rewards/shared/store/store';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { loadRemoteModule } from '../federation/federation-runtime';
import { staffRuntimeConfig, testRuntimeConfig, WithRuntimeConfig } from '../test/runtime-config';
import { RemotePage } from './remote-page';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('./yield-to-browser', () => ({ yieldToBrowser: () => Promise.resolve() }));
const loadRemote = jest.mocked(loadRemoteModule);

function ConsolePage() {
  return <h1>Staff console</h1>;
}

const adminRoutes: RemoteRoute[] = [{ path: '/admin/*', Component: ConsolePage, audience: 'signed-in', meta: { title: 'Staff console', description: 'Staff only.' } }];

function renderAt(route: string, config: RuntimeConfig, preloadedState: Partial<RootState>) {
  return renderWithProviders(
    <WithRuntimeConfig config={config}>
      <RemotePage />
    </WithRuntimeConfig>,
    { route, preloadedState },
  );
}

const visitor: Partial<RootState> = { session: { status: 'unauthenticated', user: null } };

// The API lists the console (mf_admin) in a signed-in staff member's runtime config only: the shell has no
// staff check of its own.
describe('the staff console at /admin', () => {
  beforeEach(() => loadRemote.mockResolvedValue({ default: adminRoutes }));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['a visitor', visitor],
    ['a signed-in user who is not staff', signedInState({ staff_role: null })],
  ])('is the 404 page for %s, whose runtime config has no console, and nothing of mf_admin is loaded', async (_who, state) => {
    renderAt('/admin/users/7', testRuntimeConfig, state);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  // The shell keeps a route table once loaded: the first staff visit loads it, the others show it again.
  it.each(['support', 'finance', 'admin'] as const)("loads from a staff member's (%s) runtime config and shows the console under /admin", async (role) => {
    renderAt('/admin/tickets', staffRuntimeConfig, signedInState({ staff_role: role }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    if (role === 'support') expect(loadRemote).toHaveBeenCalledWith('mf_admin', 'routes');
  });
});
