import { screen } from '@testing-library/react';
import { isLazyComponent, renderRoute } from '@rewards/shared/test/route-table.tsx';
import routes from './routes';

describe('mf-cashout route table (spec §2)', () => {
  it('owns /Cashout, for signed-in users only', () => {
    expect(routes.map(({ path, audience }) => [path, audience])).toEqual([['/Cashout', 'signed-in']]);
  });

  it('gives the page a preset title and description, kept out of search results', () => {
    const [cashout] = routes;
    expect(cashout?.meta.title).toBe('Cash out');
    expect(cashout?.meta.description.length).toBeGreaterThan(30);
    expect(cashout?.meta.noindex).toBe(true);
  });

  it('loads the page lazily', () => {
    for (const { Component } of routes) expect(isLazyComponent(Component)).toBe(true);
  });

  it('lets the shell fetch the page code ahead of the click', async () => {
    for (const { preload } of routes) await expect(preload?.()).resolves.toHaveProperty('default');
  });

  it('shows the page at /Cashout with the heading "Cashout"', async () => {
    renderRoute(routes, '/Cashout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cashout' })).toBeInTheDocument();
  });
});
