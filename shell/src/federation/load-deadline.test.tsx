import { act, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { Embed } from '@rewards/shared/ui/embed.tsx';
import { RemotePage } from '../app/remote-page';
import { ShellModals } from '../app/shell-modals';
import { testRuntimeConfig, WithRuntimeConfig } from '../test/runtime-config';
import { initFederation, loadRemoteModule } from './federation-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

// remoteTimeoutMs 4000 for each request of the chain (manifest, entry, chunk): 12 s for a whole load.
const LOAD_DEADLINE_MS = 3 * testRuntimeConfig.remoteTimeoutMs;
const neverAnswers = () => new Promise<never>(() => undefined);

async function waitMs(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

describe('a remote that never answers', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(loadRemote).mockImplementation(neverAnswers);
    initFederation(testRuntimeConfig);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    provideRemoteModuleLoader(null);
  });

  it('fails a load after three request deadlines, not before', async () => {
    const outcome = jest.fn();
    loadRemoteModule('mf_earn', 'routes').catch(outcome);
    await waitMs(LOAD_DEADLINE_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await waitMs(1);
    expect(outcome).toHaveBeenCalledWith(new Error('Remote module mf_earn/routes did not load within 12000 ms'));
  });

  it('leaves a load that answers in time alone', async () => {
    const routes = { default: [] };
    jest.mocked(loadRemote).mockResolvedValueOnce(routes);
    await expect(loadRemoteModule('mf_earn', 'routes')).resolves.toBe(routes);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("turns the page's skeleton into the section notice with Retry", async () => {
    renderWithProviders(
      <WithRuntimeConfig>
        <RemotePage />
      </WithRuntimeConfig>,
      { route: '/bonuses' },
    );
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await waitMs(LOAD_DEADLINE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("turns a modal's spinner into the floating notice", async () => {
    const { store } = renderWithProviders(
      <WithRuntimeConfig>
        <ShellModals />
      </WithRuntimeConfig>,
    );
    act(() => {
      store.dispatch(openInvite());
    });
    expect(screen.getByRole('status', { name: 'Loading Invite friends' })).toBeInTheDocument();
    await waitMs(LOAD_DEADLINE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('Invite friends is temporarily unavailable. Please try again in a moment.');
  });

  it("turns another remote's section's placeholder into its notice (the remote loads it through the shell)", async () => {
    renderWithProviders(<Embed<{ default: () => null }> name="withdrawalsPanel" props={{}} label="Withdrawals" />);
    expect(screen.getByRole('status', { name: 'Loading Withdrawals' })).toBeInTheDocument();
    await waitMs(LOAD_DEADLINE_MS);
    expect(screen.getByText('Withdrawals could not be loaded. Please try again in a moment.')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_cashout/withdrawals-panel');
  });
});
