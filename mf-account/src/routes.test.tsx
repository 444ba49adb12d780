import { screen } from '@testing-library/react';
import { isLazyComponent, renderRoute } from '@rewards/shared/test/route-table.tsx';
import routes from './routes';

describe('mf-account route table (spec §2)', () => {
  it('owns /Profile, for signed-in users only (/signin and /signup are the landing with a modal open)', () => {
    expect(routes.map(({ path, audience }) => [path, audience])).toEqual([['/Profile', 'signed-in']]);
  });

  it('gives /Profile a preset title and description, kept out of search results', () => {
    const [profile] = routes;
    expect(profile?.meta.title).toBe('Profile');
    expect(profile?.meta.description.length).toBeGreaterThan(30);
    expect(profile?.meta.noindex).toBe(true);
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
