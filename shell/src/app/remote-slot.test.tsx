import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { openAuth, openInvite, openSettings } from '@rewards/shared/store/ui-slice';
import { loadRemoteModule } from '../federation/federation-runtime';
import { WithRuntimeConfig } from '../test/runtime-config';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { ShellModals } from './shell-modals';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);

function FakeAuthModals({ onClose }: SlotComponentProps) {
  return (
    <div role="dialog" aria-label="Sign in">
      <button type="button" onClick={onClose}>
        Close sign in
      </button>
    </div>
  );
}

function renderPage() {
  return renderWithProviders(
    <WithRuntimeConfig>
      <h1>The page</h1>
      <ShellModals />
    </WithRuntimeConfig>,
  );
}

describe('modals hosted from mf-account', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads nothing until a modal is asked for', () => {
    renderPage();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('loads mf_account/auth-modals when sign-in is asked for, and closes through the store', async () => {
    const user = userEvent.setup();
    loadRemote.mockResolvedValue({ default: FakeAuthModals });
    const { store } = renderPage();
    act(() => {
      store.dispatch(openAuth('signin'));
    });
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_account', 'auth-modals');
    await user.click(screen.getByRole('button', { name: 'Close sign in' }));
    expect(store.getState().ui.authModal).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens sign-in for the second step of Google's sign-in (/#two-factor=…), leaving the fragment to it", async () => {
    window.history.replaceState(null, '', '/#two-factor=abc&method=totp');
    try {
      loadRemote.mockResolvedValue({ default: FakeAuthModals });
      const { store } = renderPage();
      expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
      expect(store.getState().ui.authModal).toBe('signin');
      expect(window.location.hash).toBe('#two-factor=abc&method=totp');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('loads the settings and invite modals by their names', async () => {
    loadRemote.mockResolvedValue({ default: () => <p>remote modal</p> });
    const { store } = renderPage();
    act(() => {
      store.dispatch(openSettings());
    });
    act(() => {
      store.dispatch(openInvite());
    });
    expect(await screen.findAllByText('remote modal')).toHaveLength(2);
    expect(loadRemote).toHaveBeenCalledWith('mf_account', 'settings-modal');
    expect(loadRemote).toHaveBeenCalledWith('mf_account', 'invite-modal');
  });

  it('contains a failure: the page stays, a small notice says so and can be dismissed', async () => {
    const user = userEvent.setup();
    loadRemote.mockRejectedValue(new Error('RUNTIME-003 manifest unavailable'));
    const { store } = renderPage();
    act(() => {
      store.dispatch(openAuth('signup'));
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Sign up is temporarily unavailable');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().ui.authModal).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Retry asks the remote again and shows the modal once it answers', async () => {
    const user = userEvent.setup();
    loadRemote.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: FakeAuthModals });
    const { store } = renderPage();
    act(() => {
      store.dispatch(openAuth('signin'));
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});
