import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@rewards/shared/router';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { WithRuntimeConfig } from '../test/runtime-config';
import { showAlert } from '@rewards/shared/store/ui-slice';
import { signedInState } from '@rewards/shared/test/sample-user';
import { signedOut } from '../test/session-fixtures';
import { connectUserChannel } from '../features/realtime/connect-user-channel';
import { LIVE_WALLET_CONNECT_DELAY_MS } from '../features/realtime/use-live-wallet';
import { ShellLayout } from './shell-layout';

jest.mock('../federation/federation-runtime', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('../features/realtime/connect-user-channel', () => ({ connectUserChannel: jest.fn(() => () => {}) }));

function renderLayout(options: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <WithRuntimeConfig>
      <ShellLayout>
        <h1>Page content</h1>
        <Link to="/offers">Offers page</Link>
      </ShellLayout>
    </WithRuntimeConfig>,
    options,
  );
}

describe('shell layout', () => {
  beforeEach(() => localStorage.clear());

  it('puts the navigation on top and the page in <main>', () => {
    renderLayout({ preloadedState: signedInState() });
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page content' }));
    expect(screen.getByRole('navigation', { name: 'Tabs' })).toBeInTheDocument();
  });

  it('keeps content clear of the tab bar for signed-in users only', () => {
    const { container, unmount } = renderLayout({ preloadedState: signedInState() });
    expect(container.firstElementChild).toHaveClass('shellWithTabBar');
    unmount();
    const visitor = renderLayout({ preloadedState: signedOut });
    expect(visitor.container.firstElementChild).not.toHaveClass('shellWithTabBar');
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });

  it('keeps the wallet of a signed-in user live once the page has settled', () => {
    jest.useFakeTimers();
    try {
      renderLayout({ preloadedState: signedInState({ id: 42 }) });
      expect(connectUserChannel).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(LIVE_WALLET_CONNECT_DELAY_MS));
      expect(connectUserChannel).toHaveBeenCalledWith(expect.objectContaining({ userId: 42 }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens no private channel for a visitor', () => {
    jest.useFakeTimers();
    try {
      renderLayout({ preloadedState: signedOut });
      act(() => jest.advanceTimersByTime(LIVE_WALLET_CONNECT_DELAY_MS));
      expect(connectUserChannel).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the "Live earnings" region between the navigation and the page, unless Live Stats is off', () => {
    const { unmount } = renderLayout({ preloadedState: signedOut });
    const region = screen.getByRole('region', { name: 'Live earnings' });
    expect(screen.getByRole('banner').compareDocumentPosition(region)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(region.compareDocumentPosition(screen.getByRole('main'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    unmount();
    renderLayout({ preloadedState: { ...signedOut, settings: { liveStats: false } } });
    expect(screen.queryByRole('region', { name: 'Live earnings' })).not.toBeInTheDocument();
  });

  it('remembers the referral code of /ref/{id} for sign-up', () => {
    renderLayout({ preloadedState: signedOut, route: '/ref/ABC123' });
    expect(localStorage.getItem('referral_code')).toBe('ABC123');
  });

  it('hosts the alert modal over the page (its code loads when it opens)', async () => {
    const { store } = renderLayout({ preloadedState: signedOut });
    act(() => {
      store.dispatch(showAlert({ type: 'info', title: 'Heads up', message: 'Something to know.' }));
    });
    expect(await screen.findByRole('alertdialog', { name: 'Heads up' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page content' })).toBeInTheDocument();
  });

  it('covers the page briefly when the route changes', async () => {
    const user = userEvent.setup();
    renderLayout({ preloadedState: signedOut, route: '/' });
    await user.click(screen.getByRole('link', { name: 'Offers page' }));
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });
});
