import { act, screen, waitFor } from '@testing-library/react';
import { switchLocale } from '@rewards/shared/translate/messages';
import { provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import routes from './routes';
import { isLazyComponent, renderRoute } from '@rewards/shared/test/route-table.tsx';

describe('mf-marketing route table (spec §2)', () => {
  // The landing embeds mf-earn's sections: a loader that never answers keeps them as placeholders.
  beforeAll(() => provideRemoteModuleLoader(() => new Promise(() => undefined)));
  afterAll(() => provideRemoteModuleLoader(null));

  it('shows the landing at / and /ref/{id} to signed-out visitors only', () => {
    const landing = routes.filter((route) => route.path === '/' || route.path === '/ref/:id');
    expect(landing.map(({ path, audience }) => [path, audience])).toEqual([
      ['/', 'signed-out'],
      ['/ref/:id', 'signed-out'],
    ]);
    expect(landing[0]?.Component).toBe(landing[1]?.Component);
  });

  it('shows /signin and /signup to signed-out visitors only: the landing with the auth modal open', () => {
    const auth = routes.filter((route) => route.path === '/signin' || route.path === '/signup');
    expect(auth.map(({ path, audience }) => [path, audience])).toEqual([
      ['/signin', 'signed-out'],
      ['/signup', 'signed-out'],
    ]);
  });

  it.each([
    ['/signin', 'signin'],
    ['/signup', 'signup'],
  ])('opens the landing at %s with the %s modal', async (path, modal) => {
    const { store } = renderRoute(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get paid to play games, test apps and answer surveys' }),
    ).toBeInTheDocument();
    expect(store.getState().ui.authModal).toBe(modal);
  });

  it('owns the mostly static pages and Quests, open to everyone', () => {
    const open = routes.filter((route) => route.audience === 'any').map((route) => route.path);
    expect(open).toEqual([
      '/faq',
      '/contest',
      '/leaderboard',
      '/about-us',
      '/contact',
      '/terms',
      '/privacy',
      '/cookies',
      '/affiliates',
      '/advertisers',
      '/careers',
      '/press',
      '/bonuses',
    ]);
    expect(routes).toHaveLength(17);
  });

  it('gives every route a preset title and description', () => {
    for (const { meta } of routes) {
      expect(meta.title.trim()).not.toBe('');
      expect(meta.description.length).toBeGreaterThan(30);
    }
  });

  it('keeps referral links out of search results, and /signin, /faq and /contest in them', () => {
    const meta = (path: string) => routes.find((route) => route.path === path)?.meta;
    expect(meta('/ref/:id')?.noindex).toBe(true);
    expect(meta('/signin')?.noindex).toBeFalsy();
    expect(meta('/faq')?.noindex).toBeFalsy();
    expect(meta('/contest')?.noindex).toBeFalsy();
  });

  it('loads every page lazily', () => {
    for (const { Component } of routes) expect(isLazyComponent(Component)).toBe(true);
  });

  describe('each page', () => {
    it.each([
      ['/', 'Get paid to play games, test apps and answer surveys'],
      ['/ref/ABC123', 'Get paid to play games, test apps and answer surveys'],
      ['/faq', 'FAQ'],
      ['/contest', 'Contest'],
      ['/leaderboard', 'Leaderboard'],
      ['/about-us', 'About us'],
      ['/contact', 'Contact us'],
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy'],
      ['/affiliates', 'Affiliates'],
      ['/advertisers', 'Advertisers'],
      ['/careers', 'Careers'],
      ['/press', 'Press'],
      ['/bonuses', 'Quests'],
    ])('shows the page at %s with the heading "%s"', async (path, heading) => {
      jest.spyOn(window, 'fetch').mockImplementation(() => new Promise(() => undefined));
      renderRoute(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    });
  });
});

describe('page titles in the page’s language (issue 34)', () => {
  afterEach(() => act(() => switchLocale('en')));

  it('gives the landing’s title from the first screen’s words, and a page’s once the pages’ words are in', async () => {
    await act(() => switchLocale('de'));
    const landing = routes.find((route) => route.path === '/')!;
    expect(landing.localMeta!().title).toBe('Earnly: Geld verdienen mit Spielen, App-Tests und Umfragen');
    const faq = routes.find((route) => route.path === '/faq')!;
    // English until the FAQ page brings the pages' words, which it starts loading.
    expect(faq.localMeta!()).toEqual(faq.meta);
    await import('./pages/messages').then((words) => words.ready('de'));
    await waitFor(() => expect(faq.localMeta!().title).toBe('FAQ'));
    expect(faq.localMeta!().description).toMatch(/^Antworten rund ums Verdienen bei Earnly/);
    expect(routes.find((route) => route.path === '/contact')!.localMeta!().title).toBe('Kontakt');
  });
});
