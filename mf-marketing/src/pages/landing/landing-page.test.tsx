import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRemoteModuleLoader, type RemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import LandingPage from './landing-page';

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

  it('shows the hero heading', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: HERO })).toBeInTheDocument();
  });

  it('opens the sign-up modal when "Start earning now" is pressed', async () => {
    const { store } = renderWithProviders(<LandingPage />);
    expect(store.getState().ui.authModal).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start earning now' }));
    expect(store.getState().ui.authModal).toBe('signup');
  });

  it('shows the hero figures: $119.47 per offer, 233 offers, 58588+ sign-ups in 24 h', () => {
    renderWithProviders(<LandingPage />);
    for (const figure of ['$119.47', '233', '58588+']) expect(screen.getByText(figure)).toBeInTheDocument();
  });

  it("shows mf-earn's Featured Surveys teaser, then its Offer Partners and Survey Partners, below the hero", async () => {
    const loader = hostLoader(mfEarnAnswers);
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('status', { name: 'Loading Featured surveys' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Partner walls' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Survey Partners' });
    await screen.findByRole('heading', { name: 'Featured Surveys' });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      HERO,
      'Featured Surveys',
      'Offer Partners',
      'Survey Partners',
    ]);
    expect(loader).toHaveBeenCalledWith('mf_earn', 'featured-surveys');
    expect(loader).toHaveBeenCalledWith('mf_earn', 'partner-walls');
  });

  it('keeps its hero while mf-earn is down, with a Retry notice where the walls would be', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    hostLoader(() => Promise.reject(new Error('mf_earn is down')));
    renderWithProviders(<LandingPage />);
    await screen.findByText('Featured surveys could not be loaded. Please try again in a moment.');
    const walls = screen.getByText('Partner walls could not be loaded. Please try again in a moment.').parentElement!;
    expect(within(walls).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: HERO })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start earning now' })).toBeInTheDocument();
  });
});
