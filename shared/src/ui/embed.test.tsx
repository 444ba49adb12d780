import { render, screen } from '@testing-library/react';
import { provideRemoteModuleLoader } from '../contracts/federated-modules';
import { Embed } from './embed';

/** The published type of the embedded module, as a consumer names it. */
type WallsModule = { default: typeof Walls };

function Walls() {
  return <h2>Offer Partners</h2>;
}

function renderHome() {
  return render(
    <main>
      <h1>Home</h1>
      <Embed<WallsModule> props={{}} name="partnerWalls" label="Partner walls" />
    </main>,
  );
}

describe('Embed: another remote\'s section, from the remote the runtime config names', () => {
  afterEach(() => provideRemoteModuleLoader(null));

  it('loads the built-in remote when the runtime config has no embeds', async () => {
    const loader = jest.fn(async () => ({ default: Walls }));
    provideRemoteModuleLoader(loader);
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Offer Partners' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_earn', 'partner-walls');
  });

  it('loads it from another remote when the runtime config moves it there', async () => {
    const loader = jest.fn(async () => ({ default: Walls }));
    provideRemoteModuleLoader(loader, { partnerWalls: 'mf_walls/offer-walls' });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Offer Partners' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_walls', 'offer-walls');
  });

  it('shows nothing, and loads nothing, when the runtime config leaves it out', () => {
    const loader = jest.fn(async () => ({ default: Walls }));
    provideRemoteModuleLoader(loader, { featuredSurveys: 'mf_earn/featured-surveys' });
    renderHome();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });
});
