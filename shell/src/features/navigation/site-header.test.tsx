import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { switchLocale } from '@rewards/shared/translate/messages';
import { sessionUnknown, signedOut } from '../../test/session-fixtures';
import { SiteHeader } from './site-header';

describe('navigation for a signed-in user', () => {
  it('shows Earn, Cashout, My offers and the Rewards menu', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Earn' })).toHaveAttribute('href', '/Earn');
    expect(within(nav).getByRole('link', { name: 'Cashout' })).toHaveAttribute('href', '/Cashout');
    expect(within(nav).getByRole('link', { name: 'My offers' })).toHaveAttribute('href', '/my-offers');
    expect(within(nav).getByRole('button', { name: 'Rewards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the wallet in dollars with two decimals: "$12.34" from wallet "12.34"', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState({ wallet: '12.34' }) });
    expect(screen.getByText('$12.34')).toBeInTheDocument();
  });

  it('pads the wallet to two decimals: "$5.00" from wallet "5"', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState({ wallet: '5' }) });
    expect(screen.getByText('$5.00')).toBeInTheDocument();
  });

  it('shows the first word of the name, linking to /Profile', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState({ name: 'Ada King Lovelace' }) });
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/Profile');
  });

  it('shows the avatar picture when the profile has one', () => {
    const { container } = renderWithProviders(<SiteHeader />, {
      preloadedState: signedInState({ image: '/avatars/ada.png' }),
    });
    expect(container.querySelector('img[src="/avatars/ada.png"]')).toBeInTheDocument();
  });

  it.each([
    [{ name: 'ada lovelace', email: 'x@example.com' }, 'A'],
    [{ name: '', email: 'grace@example.com' }, 'G'],
  ])('shows the avatar letter without a picture (%o → %s)', (user, letter) => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState(user) });
    const profile = screen.getByRole('link', { name: /ada|user/i });
    expect(within(profile).getByText(letter)).toBeInTheDocument();
  });

  it('has a bell button labelled Notifications (its count: notification-bell.test.tsx)', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState() });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('links the logo to /Earn', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState() });
    expect(screen.getByRole('link', { name: 'Earnly' })).toHaveAttribute('href', '/Earn');
  });

  it('highlights the link of the current page', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState(), route: '/cashout' });
    expect(screen.getByRole('link', { name: 'Cashout' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Earn' })).not.toHaveAttribute('aria-current');
  });
});

describe('navigation for a visitor', () => {
  it('shows Sign in and Sign up and no member links', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedOut });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('opens the sign-in and sign-up modals through the store', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<SiteHeader />, { preloadedState: signedOut });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal).toBe('signin');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(store.getState().ui.authModal).toBe('signup');
  });

  it('links the logo to /', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedOut });
    expect(screen.getByRole('link', { name: 'Earnly' })).toHaveAttribute('href', '/');
  });
});

describe('navigation while the session is unknown', () => {
  it('shows neither visitor nor member controls, only a placeholder', () => {
    renderWithProviders(<SiteHeader />, { preloadedState: sessionUnknown });
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByTestId('session-placeholder')).toBeInTheDocument();
  });
});

describe('navigation in German', () => {
  afterEach(() => act(() => switchLocale('en')));

  it('renders in German after switchLocale("de"), in place, and <html lang> follows', async () => {
    renderWithProviders(<SiteHeader />, { preloadedState: signedInState({ wallet: '1234.5', unread_notifications: 3 }) });
    await act(() => switchLocale('de'));
    expect(document.documentElement.lang).toBe('de');
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('link', { name: 'Verdienen' })).toHaveAttribute('href', '/Earn');
    expect(within(nav).getByRole('link', { name: 'Auszahlen' })).toHaveAttribute('href', '/Cashout');
    expect(within(nav).getByRole('link', { name: 'Meine Angebote' })).toHaveAttribute('href', '/my-offers');
    expect(within(nav).getByRole('button', { name: 'Prämien' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Benachrichtigungen, 3 ungelesen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Guthaben: 1\.234,50\s\$/ })).toHaveAttribute('href', '/Cashout');
    await act(() => switchLocale('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('link', { name: 'Earn' })).toBeInTheDocument();
  });

  it('offers a visitor Anmelden and Registrieren', async () => {
    await act(() => switchLocale('de'));
    renderWithProviders(<SiteHeader />, { preloadedState: signedOut });
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeInTheDocument();
  });
});
