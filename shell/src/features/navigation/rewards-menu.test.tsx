import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { pseudoText } from '@rewards/shared/i18n/pseudo-locale';
import { signedInState } from '@rewards/shared/test/sample-user';
import { switchLocale } from '@rewards/shared/translate/messages';
import { LocationProbe } from '../../test/location-probe';
import { RewardsMenu } from './rewards-menu';

function renderMenu(route = '/Earn', preloadedState = signedInState()) {
  return renderWithProviders(
    <>
      <RewardsMenu />
      <p>Outside</p>
      <LocationProbe />
    </>,
    { preloadedState, route },
  );
}

describe('Rewards dropdown', () => {
  it('opens on click with Quests, Leaderboard, Missing credits and Invite friends', async () => {
    const user = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Rewards' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    await screen.findByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Quests' })).toHaveAttribute('href', '/bonuses');
    expect(screen.getByRole('menuitem', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByRole('menuitem', { name: 'Missing credits' })).toHaveAttribute('href', '/tickets');
    expect(screen.getByRole('menuitem', { name: 'Invite friends' })).toBeInTheDocument();
  });

  it('shows no Staff console to a user whose answer names no staff role', async () => {
    const user = userEvent.setup();
    renderMenu('/Earn', signedInState({ staff_role: null }));
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Quests', 'Leaderboard', 'Missing credits', 'Invite friends']);
    expect(screen.queryByText('Staff console')).not.toBeInTheDocument();
  });

  // A plain link: the page loads anew, with the runtime config that lists the console to staff.
  it.each(['support', 'finance', 'admin'] as const)('shows %s staff a last item, Staff console, a link to /admin the router leaves alone', async (role) => {
    const user = userEvent.setup();
    renderMenu('/Earn', signedInState({ staff_role: role }));
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('menu');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Quests', 'Leaderboard', 'Missing credits', 'Invite friends', 'Staff console']);
    expect(items.at(-1)).toHaveAttribute('href', '/admin');
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Staff console' })).toHaveFocus();
    // The browser's own navigation (which jsdom does not do): the router stays where it was.
    const navigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('menuitem', { name: 'Staff console' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Earn');
    navigation.mockRestore();
  });

  describe('in each language', () => {
    afterEach(() => act(() => switchLocale('en')));

    // Its words are in the menu's chunk, not a catalog: a language change shows them at once.
    it.each([
      ['es', 'Consola del personal'],
      ['de', 'Mitarbeiterkonsole'],
      ['pt-BR', 'Console da equipe'],
      ['fr', 'Console du personnel'],
      ['en-XA', pseudoText('Staff console')],
    ] as const)('names the Staff console in %s', async (locale, name) => {
      const user = userEvent.setup();
      renderMenu('/Earn', signedInState({ staff_role: 'support' }));
      await act(() => switchLocale(locale));
      await user.click(screen.getByRole('button', { name: /./ }));
      await screen.findByRole('menu');
      expect(screen.getAllByRole('menuitem').at(-1)).toHaveAccessibleName(name);
    });
  });

  it('goes to Quests and closes', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('menu');
    await user.click(screen.getByRole('menuitem', { name: 'Quests' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bonuses');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Invite friends opens the invite modal through the store', async () => {
    const user = userEvent.setup();
    const { store } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('menu');
    await user.click(screen.getByRole('menuitem', { name: 'Invite friends' }));
    expect(store.getState().ui.inviteOpen).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows move, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Rewards' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    // The opened list's code comes with the first opening.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Quests' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Leaderboard' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Invite friends' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Quests' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens with Enter and focuses the first item', async () => {
    const user = userEvent.setup();
    renderMenu();
    screen.getByRole('button', { name: 'Rewards' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Quests' })).toHaveFocus());
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    await screen.findByRole('menu');
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is highlighted on the Quests and Leaderboard pages', () => {
    renderMenu('/leaderboard');
    expect(screen.getByRole('button', { name: 'Rewards' }).className).toContain('active');
  });
});
