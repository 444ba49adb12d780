import { screen } from '@testing-library/react';
import { isLazyComponent, renderRoute } from '@rewards/shared/test/route-table.tsx';
import routes from './routes';

describe('mf-earn route table (spec §2)', () => {
  it('owns /Earn, /offers, /my-offers and the missing-credit tickets for signed-in users, and /search for everyone', () => {
    expect(routes.map(({ path, audience }) => [path, audience])).toEqual([
      ['/Earn', 'signed-in'],
      ['/offers', 'signed-in'],
      ['/my-offers', 'signed-in'],
      ['/tickets', 'signed-in'],
      ['/tickets/:id', 'signed-in'],
      ['/search', 'any'],
    ]);
  });

  it('gives every route a preset title and description, kept out of search results', () => {
    for (const { meta } of routes) {
      expect(meta.title.trim()).not.toBe('');
      expect(meta.description.length).toBeGreaterThan(30);
      expect(meta.noindex).toBe(true);
    }
  });

  it('loads every page lazily', () => {
    for (const { Component } of routes) expect(isLazyComponent(Component)).toBe(true);
  });

  it('lets the shell fetch each page code ahead of the click', async () => {
    for (const { preload } of routes) await expect(preload?.()).resolves.toHaveProperty('default');
  });

  it.each([
    ['/Earn', 'Earn'],
    ['/offers', 'Offers'],
    ['/my-offers', 'My Offers'],
    ['/tickets', 'Missing credits'],
    ['/search?q=puzzle', 'Search offers'],
  ])('shows the page at %s with the heading "%s"', async (path, heading) => {
    renderRoute(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
