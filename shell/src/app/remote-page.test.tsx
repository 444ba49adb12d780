import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import userEvent from '@testing-library/user-event';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { selectSessionStatus, signedOut } from '@rewards/shared/store/session-slice';
import { sampleUser } from '@rewards/shared/test/sample-user';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { loadRemoteModule } from '../federation/federation-runtime';
import { testRuntimeConfig, WithRuntimeConfig } from '../test/runtime-config';
import { RuntimeConfigContext } from './runtime-config-context';
import { RemotePage } from './remote-page';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
// jsdom has no MessageChannel; the browser's turn is a resolved promise here.
jest.mock('./yield-to-browser', () => ({ yieldToBrowser: () => Promise.resolve() }));
const loadRemote = jest.mocked(loadRemoteModule);

function FaqPage() {
  return <h1>FAQ</h1>;
}

const marketingRoutes: RemoteRoute[] = [
  { path: '/faq', Component: FaqPage, audience: 'any', meta: { title: 'FAQ', description: 'Questions and answers.' } },
];

function CashoutPage() {
  return <h1>Cash out</h1>;
}

const cashoutRoutes: RemoteRoute[] = [
  { path: '/Cashout', Component: CashoutPage, audience: 'any', meta: { title: 'Cash out', description: 'Withdraw.' } },
];

// The shell keeps each remote's route table once it loaded: each test below uses a remote of its own.

function renderAt(route: string) {
  return renderWithProviders(
    <WithRuntimeConfig>
      <RemotePage />
    </WithRuntimeConfig>,
    { route },
  );
}

describe('the page of the remote owning the path', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows the owner's page from its route table", async () => {
    loadRemote.mockResolvedValue({ default: marketingRoutes });
    renderAt('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_marketing', 'routes');
  });

  it('says "This section is temporarily unavailable" with Retry while the owner is down, and Retry brings the page', async () => {
    loadRemote.mockRejectedValueOnce(new Error('RUNTIME-003 mf_cashout is down')).mockResolvedValue({ default: cashoutRoutes });
    renderAt('/Cashout');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This section is temporarily unavailable');
    expect(notice).toHaveAttribute('data-federated-fallback', 'mf_cashout');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash out' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('contains a page that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('broken page');
    };
    loadRemote.mockResolvedValue({ default: [{ ...marketingRoutes[0]!, path: '/Profile', Component: Broken }] });
    renderAt('/Profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
  });

  it("fetches a page's code while the session is checked, its data once the visitor may see it, and shows it once all is in", async () => {
    let arrive: (module: { default: ComponentType }) => void = () => undefined;
    const load = jest.fn(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    const prefetch = jest.fn();
    const earnRoutes: RemoteRoute[] = [
      { path: '/Earn', ...lazyPage(load), prefetch, audience: 'signed-out', meta: { title: 'Earn', description: 'Offers.' } },
    ];
    loadRemote.mockResolvedValue({ default: earnRoutes });
    const { store } = renderAt('/Earn');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    // Whom the page is for is not known yet: its data would be asked for in vain.
    expect(prefetch).not.toHaveBeenCalled();
    await act(async () => {
      store.dispatch(signedOut());
    });
    // The session's answer renders in slices (a deferred value), on a busy machine over several tasks.
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    expect(prefetch).toHaveBeenCalledWith(store.dispatch);
    // The session is known, the code not yet: the placeholder stays.
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Earn</h1> }));
    expect(screen.getByRole('heading', { level: 1, name: 'Earn' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts a page's open-to-anyone data while the session is checked, and not again once it is known", async () => {
    const prefetch = jest.fn();
    const offersRoutes: RemoteRoute[] = [
      {
        path: '/all-offers',
        ...lazyPage(() => new Promise<{ default: ComponentType }>(() => undefined)),
        prefetch,
        prefetchBeforeSession: true,
        audience: 'signed-in',
        meta: { title: 'Offers', description: 'Offers.' },
      },
    ];
    loadRemote.mockResolvedValue({ default: offersRoutes });
    const config = {
      ...testRuntimeConfig,
      remotes: [...testRuntimeConfig.remotes, { name: 'mf_offers', manifest: '/remotes/mf-offers/mf-manifest.json', routes: ['/all-offers'] }],
    };
    const { store } = renderWithProviders(
      <RuntimeConfigContext.Provider value={config}>
        <RemotePage />
      </RuntimeConfigContext.Provider>,
      { route: '/all-offers' },
    );
    // Asked as the route table arrives and again by the route guard as it renders (one request: RTK Query
    // answers a query already asked for from that one).
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(2));
    expect(selectSessionStatus(store.getState())).toBe('unknown');
    expect(prefetch).toHaveBeenCalledWith(store.dispatch);
    await act(async () => {
      // The profile query's answer (as RTK Query dispatches it): the user is signed in.
      store.dispatch({ type: 'api/executeQuery/fulfilled', payload: sampleUser(), meta: { arg: { endpointName: 'getProfile' } } });
    });
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('shows "Page not found" for a path no remote owns, loading nothing', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
