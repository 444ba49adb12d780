import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import type { MyOffer } from '@rewards/shared/contracts/offer-types';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { provideRemoteModuleLoader, type RemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fail, fakeApi, ok, type FakeAnswers } from '@rewards/shared/test/fake-api';
import ProfilePage from './profile-page';

const tileMatch: MyOffer = {
  id: 11,
  offer_id: 'tile-match',
  name: 'Tile Match Quest',
  image_url: '/assets/offers/tile-match.svg',
  description: 'Match tiles',
  payout_cents: 1250,
  platform: 'Android',
  status: 'active',
  completed_steps: [1, 2, 3],
  total_steps: 4,
  events: [
    { id: 1, name: 'Install and open the game', payout: 0.5, completed: true, status: 1 },
    { id: 2, name: 'Tutorial', payout: 1, completed: true, status: 1 },
    { id: 3, name: 'Reach level 5', payout: 2, completed: false, status: 1 },
    { id: 4, name: 'Reach level 20', payout: 9, completed: false, status: 0 },
  ],
  click_url: 'https://partner.example/click',
};

const finished: MyOffer = { ...tileMatch, id: 12, name: 'Finished Survey', status: 'completed' };

const noOffers = { 'GET /Offers/my-offers': fail(404) };

function renderProfile(user: Partial<UserProfile> = {}, answers: FakeAnswers = noOffers) {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const api = fakeApi(answers);
  return { api, ...renderWithProviders(<ProfilePage />, { preloadedState: signedInState(user), route: '/Profile' }) };
}

describe('Profile page (spec §2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('has the heading "Profile"', () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  describe('user card', () => {
    it('shows the name, the email and the first letter of the name', () => {
      renderProfile();
      const card = screen.getByRole('region', { name: 'Your account' });
      expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(card).getByText('ada@example.com')).toBeInTheDocument();
      expect(within(card).getByTestId('avatar-letter')).toHaveTextContent('A');
    });

    it('shows the avatar picture when there is one', () => {
      renderProfile({ image: '/avatars/ada.png' });
      const card = screen.getByRole('region', { name: 'Your account' });
      expect(card.querySelector('img')).toHaveAttribute('src', '/avatars/ada.png');
      expect(within(card).queryByTestId('avatar-letter')).not.toBeInTheDocument();
    });

    it('falls back to "User", "No email" and the letter "U"', () => {
      renderProfile({ name: '', email: '' });
      const card = screen.getByRole('region', { name: 'Your account' });
      expect(within(card).getByText('User')).toBeInTheDocument();
      expect(within(card).getByText('No email')).toBeInTheDocument();
      expect(within(card).getByTestId('avatar-letter')).toHaveTextContent('U');
    });

    it('shows the level of the wallet and the way to the next: $2.34 / $10.00, 23 %', () => {
      renderProfile({ wallet: '12.34' });
      expect(screen.getByText('Level 1')).toBeInTheDocument();
      expect(screen.getByText('$2.34 / $10.00')).toBeInTheDocument();
      const bar = screen.getByRole('progressbar', { name: 'Progress to level 2' });
      expect(bar).toHaveAttribute('aria-valuenow', '23');
      expect(screen.getByText('23% to Level 2')).toBeInTheDocument();
      expect(screen.getByText('$7.66 to go')).toBeInTheDocument();
    });

    it('counts the level from total earnings when the wallet is unknown', () => {
      renderProfile({ wallet: '', total_earnings: '40.00' });
      expect(screen.getByText('Level 4')).toBeInTheDocument();
      expect(screen.getByText('$0.00 / $10.00')).toBeInTheDocument();
    });

    it('opens the settings modal with "Settings"', async () => {
      const user = userEvent.setup();
      const { store } = renderProfile();
      await user.click(screen.getByRole('button', { name: 'Settings' }));
      expect(store.getState().ui.settingsOpen).toBe(true);
    });
  });

  it('shows the stats: total earnings, last 30 days, completed offers, referrals', () => {
    renderProfile({ total_earnings: '40', earnings_last_30_days: '12.5', completed_offers: 3, referrals_count: 2 });
    const stats = screen.getByRole('region', { name: 'Your stats' });
    const value = (label: string) => within(stats).getByText(label).nextSibling?.textContent;
    expect(value('Total earnings')).toBe('$40.00');
    expect(value('Last 30 days')).toBe('$12.50');
    expect(value('Completed offers')).toBe('3');
    expect(value('Referrals')).toBe('2');
  });

  describe('tabs', () => {
    it('opens on "Earnings in progress"', () => {
      renderProfile();
      expect(screen.getByRole('tab', { name: 'Earnings in progress' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Earnings in progress', 'Earnings history', 'Withdrawals']);
      expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'false');
      expect(screen.getByRole('tabpanel', { name: 'Earnings in progress' })).toBeInTheDocument();
    });

    it('switches with a click, and with the arrow keys, Home and End', async () => {
      const user = userEvent.setup();
      renderProfile();
      await user.click(screen.getByRole('tab', { name: 'Withdrawals' }));
      expect(screen.getByRole('tabpanel', { name: 'Withdrawals' })).toBeInTheDocument();
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByRole('tab', { name: 'Earnings history' })).toHaveFocus();
      expect(screen.getByRole('tabpanel', { name: 'Earnings history' })).toBeInTheDocument();
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByRole('tab', { name: 'Earnings in progress' })).toHaveFocus();
      expect(screen.getByRole('tabpanel', { name: 'Earnings in progress' })).toBeInTheDocument();
      await user.keyboard('{End}');
      expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveFocus();
      await user.keyboard('{Home}');
      expect(screen.getByRole('tab', { name: 'Earnings in progress' })).toHaveFocus();
    });
  });

  describe('Earnings in progress', () => {
    it('shows 3 skeleton rows while loading', () => {
      renderProfile({}, { 'GET /Offers/my-offers': () => new Promise<Response>(() => undefined) });
      expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    });

    it('lists the offers in progress with the columns Offer, Progress, Completed Steps, Reward, Action', async () => {
      renderProfile({}, { 'GET /Offers/my-offers': ok({ status: 'success', data: [tileMatch, finished] }) });
      await screen.findByText('Tile Match Quest');
      const table = screen.getByRole('table', { name: 'Offers in progress' });
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        'Offer',
        'Progress',
        'Completed Steps',
        'Reward',
        'Action',
      ]);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(within(row).getByText('Tile Match Quest')).toBeInTheDocument();
      expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
      expect(within(row).getByText('75%')).toBeInTheDocument();
      expect(within(row).getByText('$12.50')).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/my-offers');
    });

    it('shows at most 2 step badges, names cut at 15 characters, then "+n"', async () => {
      renderProfile({}, { 'GET /Offers/my-offers': ok([tileMatch]) });
      await screen.findByText('Tile Match Quest');
      const table = screen.getByRole('table', { name: 'Offers in progress' });
      expect(within(table).getByText('Install and ope…')).toBeInTheDocument();
      expect(within(table).getByText('Tutorial')).toBeInTheDocument();
      expect(within(table).getByText('+1')).toBeInTheDocument();
      expect(within(table).queryByText(/Reach level 5/)).not.toBeInTheDocument();
    });

    it('says "No offers in progress" with Browse Offers when the list cannot be loaded (only logged)', async () => {
      renderProfile();
      expect(await screen.findByRole('heading', { name: 'No offers in progress' })).toBeInTheDocument();
      expect(screen.getByText('Start earning by completing offers')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse Offers' })).toHaveAttribute('href', '/offers');
      expect(console.warn).toHaveBeenCalledWith('Profile: could not load my offers', expect.objectContaining({ status: 404 }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says "No offers in progress" when every offer is finished', async () => {
      renderProfile({}, { 'GET /Offers/my-offers': ok([finished]) });
      expect(await screen.findByRole('heading', { name: 'No offers in progress' })).toBeInTheDocument();
    });
  });

  describe('Earnings history', () => {
    /** Stands in for mf-cashout's exposed history (its own tests cover what it shows). */
    function FakeEarningsHistory() {
      return <h2>Earnings history</h2>;
    }

    afterEach(() => provideRemoteModuleLoader(null));

    it("loads mf-cashout's earnings history (mf_cashout/earnings-history) only when its tab is opened", async () => {
      const loader = jest.fn<Promise<unknown>, [string, string]>(async () => ({ default: FakeEarningsHistory }));
      provideRemoteModuleLoader(loader);
      const user = userEvent.setup();
      renderProfile();
      expect(loader).not.toHaveBeenCalled();
      await user.click(screen.getByRole('tab', { name: 'Earnings history' }));
      const panel = screen.getByRole('tabpanel', { name: 'Earnings history' });
      expect(await within(panel).findByRole('heading', { name: 'Earnings history' })).toBeInTheDocument();
      expect(loader).toHaveBeenCalledWith('mf_cashout', 'earnings-history');
    });

    it('keeps the profile while mf-cashout is down: a notice with Retry in the tab', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      provideRemoteModuleLoader(jest.fn(async () => Promise.reject(new Error('mf_cashout is down'))));
      const user = userEvent.setup();
      renderProfile();
      await user.click(screen.getByRole('tab', { name: 'Earnings history' }));
      const panel = screen.getByRole('tabpanel', { name: 'Earnings history' });
      expect(await within(panel).findByText('Earnings history could not be loaded. Please try again in a moment.')).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    });
  });

  describe('Withdrawals', () => {
    /** Stands in for mf-cashout's exposed panel (its own tests cover what it shows). */
    function FakeCashoutPanel() {
      return <h2>Recent withdrawals</h2>;
    }

    function mfCashout(implementation: RemoteModuleLoader) {
      const loader = jest.fn(implementation);
      provideRemoteModuleLoader(loader);
      return loader;
    }

    afterEach(() => provideRemoteModuleLoader(null));

    async function openWithdrawals() {
      const user = userEvent.setup();
      renderProfile();
      await user.click(screen.getByRole('tab', { name: 'Withdrawals' }));
      return user;
    }

    it('loads nothing from mf-cashout until the tab is opened', () => {
      const loader = mfCashout(async () => ({ default: FakeCashoutPanel }));
      renderProfile();
      expect(loader).not.toHaveBeenCalled();
    });

    it("shows mf-cashout's withdrawals panel (mf_cashout/withdrawals-panel) in the tab", async () => {
      const loader = mfCashout(async () => ({ default: FakeCashoutPanel }));
      await openWithdrawals();
      const panel = screen.getByRole('tabpanel', { name: 'Withdrawals' });
      expect(await within(panel).findByRole('heading', { name: 'Recent withdrawals' })).toBeInTheDocument();
      expect(loader).toHaveBeenCalledWith('mf_cashout', 'withdrawals-panel');
    });

    it('shows a loading placeholder while mf-cashout answers', async () => {
      mfCashout(() => new Promise(() => undefined));
      await openWithdrawals();
      expect(screen.getByRole('status', { name: 'Loading Withdrawals' })).toBeInTheDocument();
    });

    it('keeps the profile while mf-cashout is down: a notice with Retry in the tab, which recovers', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const loader = mfCashout(
        jest.fn<Promise<unknown>, [string, string]>()
          .mockRejectedValueOnce(new Error('mf_cashout is down'))
          .mockResolvedValue({ default: FakeCashoutPanel }),
      );
      const user = await openWithdrawals();
      const panel = screen.getByRole('tabpanel', { name: 'Withdrawals' });
      expect(await within(panel).findByText('Withdrawals could not be loaded. Please try again in a moment.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Retry' }));
      expect(await within(panel).findByRole('heading', { name: 'Recent withdrawals' })).toBeInTheDocument();
      expect(loader).toHaveBeenCalledTimes(2);
    });
  });
});
