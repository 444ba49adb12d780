import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { fakeApi, ok } from '@rewards/shared/test/fake-api';
import { sampleOffer } from '../../test/sample-offers';
import EarnPage from '../../pages/earn-page';

const richOffer = sampleOffer(7, {
  offer_id: '9001',
  name: 'Kingdom Builders Saga',
  payout: 23.4,
  rate: 3.5,
  description: '<p>Build your <strong>kingdom</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  description2: 'New players only.',
  description3: 'Reward within 24 hours.',
  events: [
    { id: 1, name: 'Install and open', payout: 0.4 },
    { id: 2, name: 'Reach castle level 10', payout: 23 },
  ],
});

async function openOffer() {
  const api = fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: [richOffer] }), 'POST /Offers/start': ok({ status: 'success' }) });
  const user = userEvent.setup();
  renderWithProviders(<EarnPage />);
  const [card] = await within(screen.getByRole('list', { name: 'Featured Offers' })).findAllByRole('button');
  await user.click(card!);
  return { api, user, dialog: await screen.findByRole('dialog', { name: 'Kingdom Builders Saga' }) };
}

describe('offer modal (spec §2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the name, image, reward in dollars and the rating with its number', async () => {
    const { dialog } = await openOffer();
    expect(within(dialog).getByRole('heading', { name: 'Kingdom Builders Saga' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Kingdom Builders Saga' })).toHaveAttribute('src', '/api/offer-images/7.svg');
    expect(within(dialog).getByText('$23.40')).toBeInTheDocument();
    const rating = within(dialog).getByRole('img', { name: 'Rated 3.5 out of 5' });
    expect(rating.querySelector('[data-full]')).toHaveAttribute('data-full', '3');
    expect(rating.querySelector('[data-half]')).toHaveAttribute('data-half', 'true');
    expect(within(dialog).getByText('3.5')).toBeInTheDocument();
  });

  it('shows the description as sanitised HTML, without the script or the onerror handler', async () => {
    const { dialog } = await openOffer();
    expect(within(dialog).getByText('kingdom').tagName).toBe('STRONG');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.innerHTML).not.toContain('hacked');
  });

  it('shows description2, description3 and each event with its payout', async () => {
    const { dialog } = await openOffer();
    expect(within(dialog).getByText('New players only.')).toBeInTheDocument();
    expect(within(dialog).getByText('Reward within 24 hours.')).toBeInTheDocument();
    const events = within(dialog).getAllByRole('listitem');
    expect(events.map((item) => item.textContent)).toEqual(['$0.40Install and open', '$23.00Reach castle level 10']);
  });

  it('Play and Earn opens the click URL in a new tab and calls Offers/start with the id as a string', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { api, user, dialog } = await openOffer();
    await user.click(within(dialog).getByRole('button', { name: 'Play and Earn' }));
    expect(open).toHaveBeenCalledWith('https://partner.example/click/7?user_id=1', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(api.requests('POST /Offers/start')).toHaveLength(1));
    expect((await api.bodies('POST /Offers/start'))[0]).toEqual({ offer_id: '9001' });
  });

  it('skips Offers/start with a warning when the offer has no id', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      'POST /Offers/Get': ok({ status: 'success', data: [{ ...richOffer, id: undefined, offer_id: '' }] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EarnPage />);
    const [card] = await within(screen.getByRole('list', { name: 'Featured Offers' })).findAllByRole('button');
    await user.click(card!);
    await user.click(await screen.findByRole('button', { name: 'Play and Earn' }));
    expect(open).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Offers/start skipped'), 'Kingdom Builders Saga');
    expect(api.requests('POST /Offers/start')).toHaveLength(0);
  });

  it('is a dialog with focus inside that Escape and the close button close', async () => {
    const { user, dialog } = await openOffer();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Play and Earn' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [card] = within(screen.getByRole('list', { name: 'Featured Offers' })).getAllByRole('button');
    await user.click(card!);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
