import { act, screen, within } from '@testing-library/react';
import { OFFERS_FIRST_SCREEN_ELEMENT_ID } from '@rewards/shared/contracts/offers-first-screen';
import { makeStore } from '@rewards/shared/store/store';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import EarnPage from '../../pages/earn-page';
import { sampleOffers } from '../../test/sample-offers';
import { prefetchFirstOffers, takeFirstScreenOffers } from './first-screen-offers';
import { offersApi } from './offers-api';

const OFFERS_GET = 'POST /Offers/Get';

/** The data element the site server puts into /Earn's page with its first screen. */
function putIntoPage(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = OFFERS_FIRST_SCREEN_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

const answerWith = (count: number) => JSON.stringify({ status: 'success', data: sampleOffers(count) });

describe("the offers /Earn's first screen was painted from", () => {
  afterEach(() => {
    document.getElementById(OFFERS_FIRST_SCREEN_ELEMENT_ID)?.remove();
    jest.restoreAllMocks();
  });

  it('are taken out of the page once: the next to ask finds none', () => {
    putIntoPage(answerWith(3));
    expect(takeFirstScreenOffers(document, 500)?.map((offer) => offer.id)).toEqual([1, 2, 3]);
    expect(document.getElementById(OFFERS_FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(takeFirstScreenOffers(document, 500)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"status":'],
    ['no list', JSON.stringify({ status: 'success', data: { offers: 3 } })],
    ['an empty list', JSON.stringify({ status: 'success', data: [] })],
    ['things that are not offers', JSON.stringify({ status: 'success', data: [{ id: '1', name: 2 }, null] })],
    ['a bare string', '"</script>"'],
  ])('are none when the element holds %s, which is removed all the same', (_what, text) => {
    putIntoPage(text);
    expect(takeFirstScreenOffers(document, 500)).toBeUndefined();
    expect(document.getElementById(OFFERS_FIRST_SCREEN_ELEMENT_ID)).toBeNull();
  });

  it('are none for a page that has run longer than a minute: the page asks afresh', () => {
    putIntoPage(answerWith(3));
    expect(takeFirstScreenOffers(document, 60_001)).toBeUndefined();
  });

  it("go into the store as All's answer from the route's prefetch, which then asks the API nothing; without them it asks", async () => {
    const api = fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: sampleOffers(2) }) });
    const store = makeStore();
    putIntoPage(answerWith(3));
    prefetchFirstOffers(store.dispatch);
    const selectAllOffers = offersApi.endpoints.getOffers.select('All');
    expect(selectAllOffers(store.getState() as Parameters<typeof selectAllOffers>[0]).data?.map((offer) => offer.id)).toEqual([1, 2, 3]);
    expect(api.requests(OFFERS_GET)).toHaveLength(0);
    const other = makeStore();
    prefetchFirstOffers(other.dispatch);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(api.requests(OFFERS_GET)).toHaveLength(1);
  });

  it('make the Earn page show its cards from its first render, without skeletons and without asking Offers/Get', async () => {
    const api = fakeApi({ [OFFERS_GET]: () => pending() });
    putIntoPage(answerWith(4));
    renderWithProviders(<EarnPage />, { route: '/Earn' });
    const featured = screen.getByRole('list', { name: 'Featured Offers' });
    expect(within(featured).getAllByRole('button').map((card) => card.getAttribute('title'))).toEqual(['Offer Number 1', 'Offer Number 2', 'Offer Number 3', 'Offer Number 4']);
    expect(screen.queryAllByTestId('offer-skeleton')).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.requests(OFFERS_GET)).toHaveLength(0);
    expect(screen.queryAllByTestId('offer-skeleton')).toEqual([]);
  });

  it('leave another device filter to the API: choosing one loads its own offers', async () => {
    const api = fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: sampleOffers(1) }) });
    putIntoPage(answerWith(4));
    renderWithProviders(<EarnPage />, { route: '/Earn' });
    await act(async () => screen.getByRole('button', { name: 'PC' }).click());
    expect(await within(screen.getByRole('list', { name: 'Featured Offers' })).findAllByRole('button')).toHaveLength(1);
    expect(await api.lastBody(OFFERS_GET)).toMatchObject({ device: 'PC' });
  });
});
