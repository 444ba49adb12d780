import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { makeStore } from '@rewards/shared/store/store';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { switchLocale } from '@rewards/shared/translate/messages';
import { offersApi } from '../features/offers/offers-api';
import { sampleOffer, sampleOffers } from '../test/sample-offers';
import EarnPage from './earn-page';

const OFFERS_GET = 'POST /Offers/Get';

function track(name: string) {
  return screen.getByRole('list', { name });
}

async function renderWithOffers(offers = sampleOffers(5)) {
  const api = fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: offers }), 'POST /Offers/start': ok({ status: 'success' }) });
  renderWithProviders(<EarnPage />);
  await within(track('Featured Offers')).findAllByRole('button');
  return api;
}

describe('Earn page (spec §2)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows 8 skeleton cards in Featured Offers and 2 in Other Offers while loading', () => {
    fakeApi({ [OFFERS_GET]: () => pending() });
    renderWithProviders(<EarnPage />);
    expect(within(track('Featured Offers')).getAllByTestId('offer-skeleton')).toHaveLength(8);
    expect(within(track('Other Offers')).getAllByTestId('offer-skeleton')).toHaveLength(2);
  });

  it('shows every fetched offer in Featured Offers and the last two in Other Offers', async () => {
    await renderWithOffers(sampleOffers(5));
    expect(within(track('Featured Offers')).getAllByRole('button')).toHaveLength(5);
    const other = within(track('Other Offers')).getAllByRole('button');
    expect(other.map((card) => card.getAttribute('title'))).toEqual(['Offer Number 4', 'Offer Number 5']);
  });

  it('reads the list from data.data as well', async () => {
    fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: { data: sampleOffers(3) } }) });
    renderWithProviders(<EarnPage />);
    expect(await within(track('Featured Offers')).findAllByRole('button')).toHaveLength(3);
  });

  it('shows an empty list when Offers/Get fails', async () => {
    fakeApi({ [OFFERS_GET]: () => jsonResponse({ status: 'error', message: 'Down' }, 500) });
    renderWithProviders(<EarnPage />);
    expect(await screen.findByText(/No offers for your device right now/)).toBeInTheDocument();
    expect(within(track('Featured Offers')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("loads the images of the first three Featured Offers at once and first (the page's largest paint), the rest when near", async () => {
    await renderWithOffers(sampleOffers(5));
    const images = (name: string) => within(track(name)).getAllByRole('button').map((card) => card.querySelector('img')!);
    expect(images('Featured Offers').map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
    for (const image of images('Other Offers')) expect(image).toHaveAttribute('loading', 'lazy');
    // Their place is kept before they load: nothing moves (CLS 0).
    for (const image of images('Featured Offers')) expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['145', '145']);
  });

  it('links "View All" to /offers from both carousels', async () => {
    await renderWithOffers();
    const links = screen.getAllByRole('link', { name: 'View All' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/offers');
  });

  it('asks for all devices first, then reloads with `device` when a chip is chosen', async () => {
    const api = await renderWithOffers();
    const user = userEvent.setup();
    expect((await api.bodies('POST /Offers/Get'))[0]).toEqual(
      expect.objectContaining({ country_code: '', ip: '', device_type: expect.any(String), user_agent: expect.any(String) }),
    );
    expect((await api.bodies('POST /Offers/Get'))[0]).not.toHaveProperty('device');

    for (const chip of ['PC', 'Android', 'iOS']) {
      await user.click(screen.getByRole('button', { name: chip }));
      await waitFor(async () => expect(await api.lastBody('POST /Offers/Get')).toEqual(expect.objectContaining({ device: chip })));
      expect(screen.getByRole('button', { name: chip })).toHaveAttribute('aria-pressed', 'true');
    }

    const before = api.requests('POST /Offers/Get').length;
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(api.requests('POST /Offers/Get')).toHaveLength(before + 1));
    expect(await api.lastBody('POST /Offers/Get')).not.toHaveProperty('device');
  });

  it('shows the offers the route fetched with its code without asking again, and still reloads on each filter chosen', async () => {
    const api = fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: sampleOffers(5) }) });
    const store = makeStore();
    await store.dispatch(offersApi.util.prefetch('getOffers', 'All', {}));
    await waitFor(() => expect(api.requests('POST /Offers/Get')).toHaveLength(1));
    const selectAllOffers = offersApi.endpoints.getOffers.select('All');
    // The API's state is injected into the store when the API loads: optional in the store's type.
    await waitFor(() => expect(selectAllOffers(store.getState() as Parameters<typeof selectAllOffers>[0]).isSuccess).toBe(true));
    renderWithProviders(<EarnPage />, { store });
    expect(within(track('Featured Offers')).getAllByRole('button')).toHaveLength(5);
    expect(api.requests('POST /Offers/Get')).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'PC' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(api.requests('POST /Offers/Get')).toHaveLength(3));
  });

  describe('carousel', () => {
    let scrollBy: jest.Mock;
    beforeEach(() => {
      scrollBy = jest.fn();
      HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
    });
    afterEach(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
    });

    it('scrolls Featured Offers by two cards, 2 × (145 + 12) px, with each arrow', async () => {
      await renderWithOffers();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Scroll Featured Offers right' }));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: 314, behavior: 'smooth' });
      await user.click(screen.getByRole('button', { name: 'Scroll Featured Offers left' }));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: -314, behavior: 'smooth' });
    });

    it('has disabled arrows on Other Offers', async () => {
      await renderWithOffers();
      expect(screen.getByRole('button', { name: 'Scroll Other Offers left' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Scroll Other Offers right' })).toBeDisabled();
    });

    it('does not open an offer when the mouse was dragged more than 5 px', async () => {
      await renderWithOffers();
      const featured = track('Featured Offers');
      const card = within(featured).getAllByRole('button')[0]!;
      fireEvent.mouseDown(card, { clientX: 200, button: 0 });
      fireEvent.mouseMove(window, { clientX: 150 });
      fireEvent.mouseUp(window, { clientX: 150 });
      fireEvent.click(card);
      // The modal loads lazily: give it the time it would need to appear.
      await expect(screen.findByRole('dialog', {}, { timeout: 300 })).rejects.toThrow();
    });

    it('still opens an offer after a wobble of 5 px or less', async () => {
      await renderWithOffers();
      const card = within(track('Featured Offers')).getAllByRole('button')[0]!;
      fireEvent.mouseDown(card, { clientX: 200, button: 0 });
      fireEvent.mouseMove(window, { clientX: 196 });
      fireEvent.mouseUp(window, { clientX: 196 });
      fireEvent.click(card);
      expect(await screen.findByRole('dialog', { name: 'Offer Number 1' })).toBeInTheDocument();
    });
  });

  it('shows a card with the name cut to two words, the task, the price and a rating of 4', async () => {
    await renderWithOffers([sampleOffer(1, { name: 'Dragon Quest Legends', categories: ['Game'], payout: 12.5 })]);
    const card = within(track('Featured Offers')).getByRole('button');
    expect(within(card).getByText('Dragon Quest…')).toBeInTheDocument();
    expect(within(card).getByText('Game')).toBeInTheDocument();
    expect(within(card).getByText('$12.50')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();
  });

  it('shows the partner walls and the Featured Surveys teaser', async () => {
    await renderWithOffers();
    expect(screen.getByRole('heading', { name: 'Offer Partners' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Survey Partners' })).toBeInTheDocument();
    expect(screen.getByText('20 Surveys are locked')).toBeInTheDocument();
  });
});

describe('Earn page in German', () => {
  afterEach(async () => {
    await act(() => switchLocale('en'));
  });

  it('shows its words, amounts and ratings as German writes them', async () => {
    await act(() => switchLocale('de'));
    fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: [sampleOffer(12)] }) });
    renderWithProviders(<EarnPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verdienen' })).toBeInTheDocument();
    const [card] = await within(track('Top-Angebote')).findAllByRole('button');
    expect(within(card!).getByText('12,50 $')).toBeInTheDocument();
    expect(within(card!).getByRole('img', { name: 'Bewertet mit 4,0 von 5' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Gerät' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('link', { name: 'Alle ansehen' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Top-Angebote nach rechts scrollen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Umfragepartner' })).toBeInTheDocument();
    expect(screen.getByText('20 Umfragen sind gesperrt')).toBeInTheDocument();
    // Partners' own words stay as they come.
    expect(card).toHaveAttribute('title', 'Offer Number 12');
  });

  it('says in German that a device has no offers', async () => {
    await act(() => switchLocale('de'));
    fakeApi({ [OFFERS_GET]: ok({ status: 'success', data: [] }) });
    renderWithProviders(<EarnPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'iOS' }));
    expect(await screen.findByText('Gerade gibt es keine Angebote für iOS. Versuche ein anderes Gerät oder schau später wieder vorbei.')).toBeInTheDocument();
  });
});
