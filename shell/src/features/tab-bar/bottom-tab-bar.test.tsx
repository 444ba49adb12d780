import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { LocationProbe } from '../../test/location-probe';
import { signedOut } from '../../test/session-fixtures';
import { BottomTabBar } from './bottom-tab-bar';

function renderBar(route = '/Earn', preloadedState = signedInState()) {
  return renderWithProviders(
    <>
      <BottomTabBar />
      <LocationProbe />
    </>,
    { preloadedState, route },
  );
}

describe('bottom tab bar', () => {
  it('is there for signed-in users only', () => {
    renderBar('/', signedOut);
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });

  it('has Earn, Offers, Cashout, My Offers and Rewards', () => {
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(bar).getByRole('link', { name: 'Earn' })).toHaveAttribute('href', '/Earn');
    expect(within(bar).getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
    expect(within(bar).getByRole('link', { name: 'Cashout' })).toHaveAttribute('href', '/Cashout');
    expect(within(bar).getByRole('link', { name: 'My Offers' })).toHaveAttribute('href', '/my-offers');
    expect(within(bar).getByRole('button', { name: 'Rewards' })).toBeInTheDocument();
  });

  it('marks the active tab by path prefix, whatever the case', () => {
    renderBar('/my-offers/42');
    expect(screen.getByRole('link', { name: 'My Offers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Offers' })).not.toHaveAttribute('aria-current');
  });

  it('marks Rewards on /profile', () => {
    renderBar('/profile');
    expect(screen.getByRole('button', { name: 'Rewards' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the Rewards submenu overlay', () => {
  it('opens instead of navigating, with Profile, Quests, Leaderboard, Missing credits and Invite friends', async () => {
    const user = userEvent.setup();
    renderBar('/Earn');
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    const sheet = screen.getByRole('dialog', { name: 'Rewards' });
    expect(screen.getByTestId('location')).toHaveTextContent('/Earn');
    expect(within(sheet).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/Profile');
    expect(within(sheet).getByRole('link', { name: 'Quests' })).toHaveAttribute('href', '/bonuses');
    expect(within(sheet).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    expect(within(sheet).getByRole('link', { name: 'Missing credits' })).toHaveAttribute('href', '/tickets');
    expect(within(sheet).getByRole('button', { name: 'Invite friends' })).toBeInTheDocument();
  });

  it('lists Staff console (to /admin) last for staff only', async () => {
    const user = userEvent.setup();
    renderBar('/Earn', signedInState({ staff_role: 'finance' }));
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    const sheet = screen.getByRole('dialog', { name: 'Rewards' });
    expect(await within(sheet).findByRole('link', { name: 'Staff console' })).toHaveAttribute('href', '/admin');
    expect(within(sheet).getAllByRole('listitem').at(-1)).toHaveTextContent('Staff console');
  });

  it('lists no Staff console for a user who is not staff', async () => {
    const user = userEvent.setup();
    renderBar('/Earn', signedInState({ staff_role: null }));
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    expect(within(screen.getByRole('dialog', { name: 'Rewards' })).queryByText('Staff console')).not.toBeInTheDocument();
  });

  it('closes on a choice and goes there', async () => {
    const user = userEvent.setup();
    renderBar('/Earn');
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Invite friends opens the invite modal and closes the overlay', async () => {
    const user = userEvent.setup();
    const { store } = renderBar('/Earn');
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    await user.click(screen.getByRole('button', { name: 'Invite friends' }));
    expect(store.getState().ui.inviteOpen).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the Rewards tab', async () => {
    const user = userEvent.setup();
    renderBar('/Earn');
    const tab = screen.getByRole('button', { name: 'Rewards' });
    await user.click(tab);
    await screen.findByRole('dialog', { name: 'Rewards' });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tab).toHaveFocus();
  });

  it('closes on a tap outside the panel', async () => {
    const user = userEvent.setup();
    renderBar('/Earn');
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('dialog', { name: 'Rewards' });
    const backdrop = screen.getByRole('dialog', { name: 'Rewards' }).parentElement!;
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
