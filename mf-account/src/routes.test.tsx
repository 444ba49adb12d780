import { screen } from '@testing-library/react';
import { isLazyComponent, renderRoute } from '@rewards/shared/test/route-table.tsx';
import routes from './routes';

describe('mf-account route table (spec §2)', () => {
  it('owns /Profile and /notifications, for signed-in users only (/signin and /signup are the landing with a modal open)', () => {
    expect(routes.map(({ path, audience }) => [path, audience])).toEqual([
      ['/Profile', 'signed-in'],
      ['/notifications', 'signed-in'],
    ]);
  });

  it.each([
    ['/Profile', 'Profile'],
    ['/notifications', 'Notifications'],
  ])('gives %s a preset title and description, kept out of search results', (path, title) => {
    const page = routes.find((route) => route.path === path);
    expect(page?.meta.title).toBe(title);
    expect(page?.meta.description.length).toBeGreaterThan(30);
    expect(page?.meta.noindex).toBe(true);
  });

  it('loads the page lazily', () => {
    for (const { Component } of routes) expect(isLazyComponent(Component)).toBe(true);
  });

  it('lets the shell fetch the page code ahead of the click', async () => {
    for (const { preload } of routes) await expect(preload?.()).resolves.toHaveProperty('default');
  });

  it('shows the page at /Profile with the heading "Profile"', async () => {
    jest.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute(routes, '/Profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});
