import { screen } from '@testing-library/react';
import type { RemoteRoute } from '../contracts/remote-routes';
import { renderWithProviders } from '../test/render-with-providers';
import { FederatedModule } from '../ui/federated-module';
import { StandaloneHarness } from './standalone-harness';

function HomeWithWalls() {
  return (
    <>
      <h1>Home</h1>
      <FederatedModule exposed="mf_earn/partner-walls" label="Partner walls" />
    </>
  );
}

const routes: RemoteRoute[] = [{ path: '/', Component: HomeWithWalls, audience: 'any', meta: { title: 'Home', description: 'x' } }];

describe('standalone harness: a page showing another remote', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('keeps the page and shows the notice where the other remote would be (no host, no other remotes)', async () => {
    renderWithProviders(<StandaloneHarness remoteName="mf-marketing" routes={routes} />, { route: '/' });
    expect(await screen.findByText('Partner walls could not be loaded. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Standalone: mf-marketing')).toBeInTheDocument();
  });
});
