import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { sampleOffer } from '../test/sample-offers';
import SearchPage from './search-page';

const OFFERS = [
  sampleOffer(1, { name: 'Puzzle Harbor', description: '<p>Solve puzzles</p>' }),
  sampleOffer(2, { name: 'Daily Opinion Poll', description: '<p>Answer a short survey</p>' }),
  sampleOffer(3, { name: 'Word Garden', description: '<p>A relaxing puzzle of words</p>' }),
];

describe('search page (/search?q=…, owned by mf-earn)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the offers matching q as offer cards, with the count', async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: OFFERS }) });
    renderWithProviders(<SearchPage />, { route: '/search?q=puzzle' });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button').map((card) => card.getAttribute('title'))).toEqual(['Puzzle Harbor', 'Word Garden']);
    expect(screen.getByRole('status')).toHaveTextContent('2 offers match “puzzle”');
    expect(screen.getByRole('searchbox', { name: 'Search offers' })).toHaveValue('puzzle');
  });

  it('shows skeleton cards while the offers load', () => {
    fakeApi({ 'POST /Offers/Get': () => pending() });
    renderWithProviders(<SearchPage />, { route: '/search?q=puzzle' });
    expect(screen.getAllByTestId('offer-skeleton').length).toBeGreaterThan(0);
  });

  it('says so when nothing matches', async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: OFFERS }) });
    renderWithProviders(<SearchPage />, { route: '/search?q=zebra' });
    expect(await screen.findByText(/No offers match “zebra”/)).toBeInTheDocument();
  });

  it('searches again from its own field', async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: OFFERS }) });
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, { route: '/search' });
    expect(screen.getByText('Type a word to search every offer.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'survey{Enter}');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button')).toHaveLength(1);
  });

  it("opens mf-earn's offer modal for a signed-in user", async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: OFFERS }) });
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, { route: '/search?q=poll', preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: /Daily Opinion/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Daily Opinion Poll');
  });

  it('asks a visitor to sign up instead', async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: OFFERS }) });
    const user = userEvent.setup();
    const { store } = renderWithProviders(<SearchPage />, { route: '/search?q=poll' });
    await user.click(await screen.findByRole('button', { name: /Daily Opinion/ }));
    expect(store.getState().ui.authModal).toBe('signup');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
