import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import LandingPage from './landing-page';

describe('Landing page (/)', () => {
  it('shows the hero heading', () => {
    renderWithProviders(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Get paid to play games, test apps and answer surveys' }),
    ).toBeInTheDocument();
  });

  it('opens the sign-up modal when "Start earning now" is pressed', async () => {
    const { store } = renderWithProviders(<LandingPage />);
    expect(store.getState().ui.authModal).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start earning now' }));
    expect(store.getState().ui.authModal).toBe('signup');
  });

  it('shows the hero figures: $119.47 per offer, 233 offers, 58588+ sign-ups in 24 h', () => {
    renderWithProviders(<LandingPage />);
    for (const figure of ['$119.47', '233', '58588+']) expect(screen.getByText(figure)).toBeInTheDocument();
  });
});
