import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { sampleOffer, sampleOffers } from '../test/sample-offers';
import OffersPage from './offers-page';

describe('Offers page (spec §2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows 12 skeleton cards while loading', () => {
    fakeApi({ 'POST /Offers/Get': () => pending() });
    renderWithProviders(<OffersPage />);
    expect(screen.getAllByTestId('offer-skeleton')).toHaveLength(12);
  });

  it('shows every offer in a grid, without a device filter', async () => {
    const api = fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: sampleOffers(9) }) });
    renderWithProviders(<OffersPage />);
    const grid = await screen.findByRole('list', { name: 'All offers' });
    expect(within(grid).getAllByRole('button')).toHaveLength(9);
    expect((await api.bodies('POST /Offers/Get'))[0]).not.toHaveProperty('device');
  });

  it('links back to Earn', async () => {
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: [] }) });
    renderWithProviders(<OffersPage />);
    expect(screen.getByRole('link', { name: /Back to Earn/ })).toHaveAttribute('href', '/Earn');
    expect(await screen.findByText('No offers available right now. Check back later!')).toBeInTheDocument();
  });

  it('shows a rating of 5 in the modal when the offer has none', async () => {
    const unrated = { ...sampleOffer(3), rate: undefined } as unknown as Offer;
    fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: [unrated, sampleOffer(4, { rate: 3 })] }) });
    const user = userEvent.setup();
    renderWithProviders(<OffersPage />);
    const grid = await screen.findByRole('list', { name: 'All offers' });
    await user.click(within(grid).getAllByRole('button')[0]!);
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(grid).getAllByRole('button')[1]!);
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'Rated 3.0 out of 5' })).toBeInTheDocument();
  });

  it('shows a failure in the alert modal as a warning', async () => {
    fakeApi({ 'POST /Offers/Get': () => jsonResponse({ status: 'error', message: 'Down' }, 500) });
    const { store } = renderWithProviders(<OffersPage />);
    await waitFor(() => expect(store.getState().ui.alert.isOpen).toBe(true));
    expect(store.getState().ui.alert).toEqual(expect.objectContaining({ type: 'warning', title: 'Offers unavailable' }));
  });
});
