import type { ComponentType } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRemoteModuleLoader, type RemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { switchLocale } from '@rewards/shared/translate/messages';
import LandingPage from './landing-page';
import { shortOfferName } from './sample-offers';

const HERO = 'Get paid to play games, test apps and answer surveys';

/** Stand-ins for mf-earn's exposed sections, which bring their own headings. */
const MF_EARN: Record<string, ComponentType> = {
  'featured-surveys': () => <h2>Featured Surveys</h2>,
  'partner-walls': () => (
    <>
      <h2>Offer Partners</h2>
      <h2>Survey Partners</h2>
    </>
  ),
};

const mfEarnAnswers: RemoteModuleLoader = async (remote, module) => {
  if (remote !== 'mf_earn' || !MF_EARN[module]) throw new Error(`${remote}/${module} is not exposed`);
  return { default: MF_EARN[module] };
};

/** mf-earn still loading: the hero's tests see the placeholders only. */
const mfEarnPending: RemoteModuleLoader = () => new Promise(() => undefined);

function hostLoader(implementation: RemoteModuleLoader) {
  const loader = jest.fn(implementation);
  provideRemoteModuleLoader(loader);
  return loader;
}

describe('Landing page (/)', () => {
  beforeEach(() => hostLoader(mfEarnPending));
  afterEach(() => {
    provideRemoteModuleLoader(null);
    jest.restoreAllMocks();
  });

  it('shows the hero heading and its sign-up form', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: HERO })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign up with email' })).toBeInTheDocument();
  });

  it('opens the sign-in modal with the separate "Start earning now" button (spec §2)', async () => {
    const { store } = renderWithProviders(<LandingPage />);
    const section = screen.getByRole('region', { name: 'Offers waiting for you' });
    await userEvent.click(within(section).getByRole('button', { name: 'Start earning now' }));
    expect(store.getState().ui.authModal).toBe('signin');
  });

  it('hides the separate "Start earning now" buttons from a signed-in user', async () => {
    renderWithProviders(<LandingPage />, { preloadedState: signedInState() });
    await screen.findByRole('region', { name: 'Meet the community' });
    expect(screen.getAllByRole('button', { name: 'Start earning now' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Start earning now' })).toHaveAttribute('type', 'submit');
  });

  it('shows the hero figures and the stats banner (spec §1)', () => {
    renderWithProviders(<LandingPage />);
    for (const figure of ['$119.47', '233', '58588+', '17m 12s', '$38', '$50,000,000+']) expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.getByText('average time to first cashout')).toBeInTheDocument();
  });

  it('shows the three sample offers with their prices, fixed rating 4 and names cut to 2 words', () => {
    renderWithProviders(<LandingPage />);
    const offers = within(screen.getByRole('region', { name: 'Offers waiting for you' })).getAllByRole('listitem');
    expect(offers.map((offer) => within(offer).getByRole('heading').textContent)).toEqual(['Mobile Game…', 'Survey Completion', 'App Review']);
    expect(offers.map((offer) => within(offer).getByText(/^\$/).textContent)).toEqual(['$25.50', '$15.75', '$32.20']);
    for (const offer of offers) expect(within(offer).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(shortOfferName('Mobile Game Testing')).toBe('Mobile Game…');
  });

  it('has every section of spec §1–§2, in order', async () => {
    hostLoader(mfEarnAnswers);
    renderWithProviders(<LandingPage />);
    await screen.findByRole('heading', { name: 'Survey Partners' });
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Earnly in numbers',
      'Offers waiting for you',
      'Featured Surveys',
      'Offer Partners',
      'Survey Partners',
      'Best ways to earn',
      'How it works',
      'Live cashouts',
      'Cash out your way',
      'Meet the community',
      'What our members say',
      'Why Earnly',
      'Frequently asked questions',
      'Your first cashout is closer than you think',
    ]);
  });

  it('lists the payout methods, crypto among them, with our own logos', async () => {
    renderWithProviders(<LandingPage />);
    const strip = await screen.findByRole('region', { name: 'Cash out your way' });
    expect(within(strip).getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Crypto'), expect.stringContaining('PayPal')]));
  });

  it('has a 5-star review widget, and the FAQ accordion opens one answer at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const [first, second] = within(faq).getAllByRole('button');
    await user.click(first!);
    await user.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByRole('link', { name: 'See all questions' })).toHaveAttribute('href', '/faq');
  });

  it('plays and pauses the community video, our own animation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    await user.click(await screen.findByRole('button', { name: 'Play video' }));
    expect(screen.getByRole('button', { name: 'Pause video' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("keeps its hero while mf-earn is down, with a Retry notice where the walls would be", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    hostLoader(() => Promise.reject(new Error('mf_earn is down')));
    renderWithProviders(<LandingPage />);
    await screen.findByText('Featured surveys could not be loaded. Please try again in a moment.');
    const walls = screen.getByText('Partner walls could not be loaded. Please try again in a moment.').parentElement!;
    expect(within(walls).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: HERO })).toBeInTheDocument();
  });

  describe('in German (issue 34)', () => {
    beforeEach(() => act(() => switchLocale('de')));
    afterEach(() => act(() => switchLocale('en')));

    it('words its own chrome in German: the sign-up form, the offers’ ratings, prices in German format', async () => {
      const user = userEvent.setup();
      renderWithProviders(<LandingPage />);
      // The German landing content arrives with its own chunk: the page waits for it, then shows.
      const form = await screen.findByRole('form', { name: 'Mit E-Mail registrieren' });
      expect(within(form).getByRole('textbox')).toHaveAttribute('placeholder', 'du@beispiel.de');
      await user.click(within(form).getByRole('textbox'));
      expect(form.querySelector('input[type="password"]')).toHaveAttribute('placeholder', 'Mindestens 8 Zeichen');
      expect(screen.getByText('oder')).toBeInTheDocument();
      const offers = within(screen.getByRole('region', { name: 'Diese Angebote warten auf dich' })).getAllByRole('listitem');
      for (const offer of offers) expect(within(offer).getByRole('img', { name: 'Bewertet mit 4 von 5' })).toBeInTheDocument();
      expect(within(offers[0]!).getByText(/\$/).textContent).toMatch(/^25,50\s\$$/);
    });

    it('words the live cashouts and the reviews in German', async () => {
      hostLoader(mfEarnAnswers);
      renderWithProviders(<LandingPage />);
      const cashouts = await screen.findByRole('list', { name: 'Neueste Auszahlungen' });
      expect(within(cashouts).getAllByText(/^vor \d+ Minuten?$/)).toHaveLength(5);
      expect(screen.getByText('Diesen Monat ausgezahlt')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Bewertungen von Mitgliedern' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Bewertet mit 4,8 von 5' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Video abspielen' })).toBeInTheDocument();
    });
  });
});
