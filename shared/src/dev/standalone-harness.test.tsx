import { lazy } from 'react';
import { screen } from '@testing-library/react';
import type { RemoteRoute } from '../contracts/remote-routes';
import { renderWithProviders } from '../test/render-with-providers';
import { StandaloneHarness } from './standalone-harness';

const routes: RemoteRoute[] = [
  {
    path: '/demo',
    Component: lazy(async () => ({ default: () => <h1>Demo page</h1> })),
    audience: 'any',
    meta: { title: 'Demo', description: 'A page of the harness test.' },
  },
  { path: '/ref/:id', Component: () => <h1>Referral</h1>, audience: 'signed-out', meta: { title: 'Ref', description: 'x' } },
];

describe('standalone harness', () => {
  it('names the remote in a banner and links to each of its routes', () => {
    renderWithProviders(<StandaloneHarness remoteName="mf-demo" routes={routes} />, { route: '/' });
    expect(screen.getByText('Standalone: mf-demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getByRole('link', { name: '/ref/:id' })).toHaveAttribute('href', '/ref/example');
  });

  it('renders the route at the current address and titles the document', async () => {
    renderWithProviders(<StandaloneHarness remoteName="mf-demo" routes={routes} />, { route: '/demo' });
    expect(await screen.findByRole('heading', { name: 'Demo page' })).toBeInTheDocument();
    expect(document.title).toBe('Demo | Earnly (standalone)');
  });

  it('says so when the address is not one of its routes', () => {
    renderWithProviders(<StandaloneHarness remoteName="mf-demo" routes={routes} />, { route: '/elsewhere' });
    expect(screen.getByText(/not a route of mf-demo/)).toBeInTheDocument();
  });
});
