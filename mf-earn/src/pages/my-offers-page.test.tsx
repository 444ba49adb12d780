import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import type { MyOfferEvent } from '@rewards/shared/contracts/offer-types';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { sampleMyOffer } from '../test/sample-offers';
import MyOffersPage from './my-offers-page';

const MY_OFFERS = 'GET /Offers/my-offers';

function step(id: number, name: string, payout: number, done = false): MyOfferEvent {
  return { id, name, payout, completed: done, status: 0 };
}

const steppedOffer = sampleMyOffer(1, {
  name: 'Castle Clash Heroes',
  payout_cents: 2540,
  platform: 'iOS',
  description: '<p>Build and <em>defend</em></p><script>window.hacked = true</script>',
  completed_steps: [1],
  total_steps: 3,
  events: [step(1, 'Install the game', 0.5, true), step(2, 'Reach level 5', 4.5), step(3, 'Reach level 20', 20.4)],
});

function detail() {
  return screen.getByRole('article');
}

describe('My Offers page (spec §2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows skeleton rows while loading', () => {
    fakeApi({ [MY_OFFERS]: () => pending() });
    renderWithProviders(<MyOffersPage />);
    expect(screen.getAllByTestId('my-offer-skeleton')).toHaveLength(3);
  });

  it('says "No active offers found. Check back later!" for an empty list', async () => {
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [] }) });
    renderWithProviders(<MyOffersPage />);
    expect(await screen.findByText('No active offers found. Check back later!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find an offer' })).toHaveAttribute('href', '/Earn');
  });

  it('shows the empty list when the call fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ [MY_OFFERS]: () => jsonResponse({ status: 'error', message: 'Down' }, 500) });
    renderWithProviders(<MyOffersPage />);
    expect(await screen.findByText('No active offers found. Check back later!')).toBeInTheDocument();
  });

  it('lists each offer with its image, progress, name and payout in dollars, the first one selected', async () => {
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [steppedOffer, sampleMyOffer(2, { name: 'Word Puzzle Pro', payout_cents: 99 })] }) });
    renderWithProviders(<MyOffersPage />);
    const list = await screen.findByRole('list', { name: 'Your offers' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(within(first!).getByText('Castle Clash Heroes')).toBeInTheDocument();
    expect(within(first!).getByText('$25.40')).toBeInTheDocument();
    expect(within(first!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(within(second!).getByText('$0.99')).toBeInTheDocument();
    expect(within(detail()).getByRole('heading', { name: 'Castle Clash Heroes' })).toBeInTheDocument();
  });

  it('shows the chosen offer: platform, image, sanitised description, total reward and the Play & Earn link', async () => {
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [steppedOffer] }) });
    renderWithProviders(<MyOffersPage />);
    const article = await screen.findByRole('article');
    expect(within(article).getByText('iOS')).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Castle Clash Heroes' })).toBeInTheDocument();
    expect(within(article).getByText('defend').tagName).toBe('EM');
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByText('$25.40')).toBeInTheDocument();
    const play = within(article).getByRole('link', { name: 'Play & Earn' });
    expect(play).toHaveAttribute('href', steppedOffer.click_url);
    expect(play).toHaveAttribute('target', '_blank');
  });

  it('lists incomplete events under "Reward Steps" and done ones under "Completed"', async () => {
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [steppedOffer] }) });
    renderWithProviders(<MyOffersPage />);
    const article = await screen.findByRole('article');
    const [open, done] = within(article).getAllByRole('list');
    expect(within(article).getByRole('heading', { name: 'Reward Steps' })).toBeInTheDocument();
    expect(within(open!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Reach level 5$4.50', '2Reach level 20$20.40']);
    expect(within(article).getByRole('heading', { name: 'Completed' })).toBeInTheDocument();
    expect(within(done!).getByText('Install the game')).toBeInTheDocument();
  });

  it('counts an event with status 1 as done, and calls the done list "Expired" for an expired offer', async () => {
    const expired = sampleMyOffer(5, { status: 'expired', events: [{ ...step(1, 'Sign up', 1), status: 1 }, step(2, 'Deposit', 5)] });
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [expired] }) });
    renderWithProviders(<MyOffersPage />);
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'Expired' })).toBeInTheDocument();
    expect(within(article).queryByRole('heading', { name: 'Completed' })).not.toBeInTheDocument();
    expect(within(article).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('says "This offer has a single reward of $12.50." when the offer has no events, with platform All by default', async () => {
    const single = { ...sampleMyOffer(3, { payout_cents: 1250 }), platform: undefined };
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [single] }) });
    renderWithProviders(<MyOffersPage />);
    const article = await screen.findByRole('article');
    expect(within(article).getByText('This offer has a single reward of $12.50.')).toBeInTheDocument();
    expect(within(article).getByText('All')).toBeInTheDocument();
  });

  it('shows another offer when it is chosen in the list', async () => {
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [steppedOffer, sampleMyOffer(2, { name: 'Word Puzzle Pro' })] }) });
    renderWithProviders(<MyOffersPage />);
    const list = await screen.findByRole('list', { name: 'Your offers' });
    await userEvent.setup().click(within(list).getByRole('button', { name: /Word Puzzle Pro/ }));
    expect(within(detail()).getByRole('heading', { name: 'Word Puzzle Pro' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Word Puzzle Pro/ })).toHaveAttribute('aria-current', 'true');
  });

  it('offers "Report missing credit" for a started offer not completed, linking to its report form, and not for a completed one', async () => {
    const user = userEvent.setup();
    const completed = sampleMyOffer(2, { name: 'Word Puzzle Pro', status: 'completed' });
    fakeApi({ [MY_OFFERS]: ok({ status: 'success', data: [steppedOffer, completed] }) });
    renderWithProviders(<MyOffersPage />);
    const report = await within(await screen.findByRole('article')).findByRole('link', { name: 'Report missing credit' });
    expect(report).toHaveAttribute('href', `/tickets?offer_id=${steppedOffer.offer_id}&offer_name=Castle+Clash+Heroes`);
    await user.click(within(screen.getByRole('list', { name: 'Your offers' })).getByRole('button', { name: /Word Puzzle Pro/ }));
    expect(within(detail()).queryByRole('link', { name: 'Report missing credit' })).not.toBeInTheDocument();
  });
});
