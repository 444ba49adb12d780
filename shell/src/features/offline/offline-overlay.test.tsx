import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { OfflineOverlay } from './offline-overlay';

const OFFLINE_TEXT =
  'Network connection error. This app requires a network connection; it cannot be used offline. Please check your connection.';

function goOffline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('offline overlay', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is not shown while online', () => {
    renderWithProviders(<OfflineOverlay />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('appears on the offline event with the exact text and a Reload button', () => {
    renderWithProviders(<OfflineOverlay />);
    goOffline(false);
    const overlay = screen.getByRole('alertdialog');
    expect(overlay).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.getByText(/This app requires a network connection/)).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
  });

  it('disappears on the online event', () => {
    renderWithProviders(<OfflineOverlay />);
    goOffline(false);
    goOffline(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows at once when the page starts offline', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineOverlay />);
    expect(screen.getByRole('alertdialog')).toHaveTextContent(OFFLINE_TEXT);
  });

  it('Reload reloads the page', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    renderWithProviders(<OfflineOverlay onReload={reload} />);
    goOffline(false);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
