import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { unreadNotificationsChanged } from '@rewards/shared/store/session-slice';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { ShellModals } from '../../app/shell-modals';
import { loadRemoteModule } from '../../federation/federation-runtime';
import { WithRuntimeConfig } from '../../test/runtime-config';
import { SiteHeader } from './site-header';

jest.mock('../../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteModule);

function FakePanel({ onClose }: SlotComponentProps) {
  return (
    <div role="dialog" aria-label="Notifications">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Header() {
  return (
    <WithRuntimeConfig>
      <SiteHeader />
      <ShellModals />
    </WithRuntimeConfig>
  );
}

const renderHeader = (unread: number) => renderWithProviders(<Header />, { preloadedState: signedInState({ unread_notifications: unread }) });

/** The bell's count live, from the private channel: use-live-wallet.test.tsx. */
describe('the notification bell', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is named "Notifications" with nothing unread, and shows no badge', () => {
    const { container } = renderHeader(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(container.querySelector('button[aria-haspopup="dialog"] span')).toBeNull();
  });

  it.each([
    [1, 'Notifications, 1 unread', '1'],
    [99, 'Notifications, 99 unread', '99'],
    [100, 'Notifications, 100 unread', '99+'],
    [1234, 'Notifications, 1234 unread', '99+'],
  ])('with %i unread is named "%s" and its badge says %s', (unread, name, badge) => {
    renderHeader(unread);
    const bell = screen.getByRole('button', { name });
    expect(bell).toHaveTextContent(badge);
  });

  it('follows the count as the notification centre changes it', () => {
    const { store } = renderHeader(3);
    act(() => {
      store.dispatch(unreadNotificationsChanged(0));
    });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("opens mf-account's panel, loaded only then, and closes it through the store", async () => {
    const user = userEvent.setup();
    loadRemote.mockResolvedValue({ default: FakePanel });
    const { store } = renderHeader(2);
    expect(loadRemote).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_account', 'notifications-panel');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().ui.notificationsOpen).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the panel cannot load, and the bell keeps working', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockRejectedValue(new Error('RUNTIME-003'));
    renderHeader(0);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications is temporarily unavailable');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
