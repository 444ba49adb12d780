import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { useLocation } from '@rewards/shared/router';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import LandingPage from './landing-page';

function Address() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${search}${hash}`}</output>;
}

function renderLanding(route: string) {
  return renderWithProviders(
    <>
      <LandingPage />
      <Address />
    </>,
    { route },
  );
}

describe('error query parameter on the landing (spec §2 Home page)', () => {
  // mf-earn's sections on the landing stay loading: not what these tests are about.
  beforeEach(() => provideRemoteModuleLoader(() => new Promise(() => undefined)));
  afterEach(() => {
    provideRemoteModuleLoader(null);
    jest.useRealTimers();
  });

  it('shows "Google login failed, please try again" top right for error=google_auth_failed', () => {
    renderLanding('/?error=google_auth_failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed, please try again');
  });

  it('shows "An error occurred, please try again" for an unknown value', () => {
    renderLanding('/?error=whatever');
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred, please try again');
  });

  it('removes the parameter from the address and keeps the others', () => {
    renderLanding('/?utm_source=mail&error=oauth_failed#top');
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed, please try again');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/\?utm_source=mail#top$/);
  });

  it('disappears after 5 s', async () => {
    jest.useFakeTimers();
    renderLanding('/?error=facebook_auth_failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Facebook login failed, please try again');
    await act(async () => jest.advanceTimersByTimeAsync(4_999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed sooner', async () => {
    const user = userEvent.setup();
    renderLanding('/?error=oauth_failed');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing without the parameter, and leaves the address alone', () => {
    renderLanding('/?utm_source=mail');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/?utm_source=mail');
  });
});
