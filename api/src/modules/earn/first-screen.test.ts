import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import type { OffersFirstScreenInput } from '@rewards/shared/contracts/offers-first-screen';
import type { MemberFirstScreenSource } from '../../plugins/prerendered-page';
import type { CatalogAnswer } from './catalog-cache';
import { createOffersFirstScreens, renderFirstScreenInWorker } from './first-screen';

const offer = (id: number, name: string): Offer => ({
  id,
  offer_id: `o${id}`,
  name,
  title: 'Play',
  image_url: `/api/assets/offers/${id}.svg`,
  description: '',
  description2: null,
  description3: null,
  categories: ['Games'],
  rate: 4,
  payout: 1.5,
  click_url: 'https://wall.example/click?user=USER',
  events: [],
});

/** A catalog whose answer for All is `offers`, its click links naming the user, in version `version`. */
function fakeCatalog(state: { offers: Offer[]; version: string }) {
  const calls: Array<[string | undefined, number | null]> = [];
  return {
    calls,
    answer: async (platform: 'PC' | 'Android' | 'iOS' | undefined, userId: number | null): Promise<CatalogAnswer> => {
      calls.push([platform, userId]);
      const data = state.offers.map((item) => ({ ...item, click_url: item.click_url.replace('USER', String(userId ?? '')) }));
      const text = JSON.stringify({ status: 'success', data });
      return { etag: `W/"${state.version}"`, version: state.version, body: () => text, encoded: () => Buffer.from(text) };
    },
  };
}

describe("/Earn's first screen for a signed-in user", () => {
  let folder: string;
  let bundle: string;
  const build = () => ({ locate: (file: string) => (file === 'render.cjs' ? bundle : null) });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rewards-first-screen-'));
    bundle = join(folder, 'render.cjs');
    await writeFile(bundle, '// a prerender bundle');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  function setUp(options: { render?: (bundle: string, input: OffersFirstScreenInput) => Promise<string>; now?: () => number; waitMs?: number } = {}) {
    const state = { offers: [offer(1, 'Dragon Forge'), offer(2, 'Kingdom </script><script>alert(1)</script>')], version: 'v1' };
    const catalog = fakeCatalog(state);
    const inputs: OffersFirstScreenInput[] = [];
    const warnings: string[] = [];
    const source: MemberFirstScreenSource = createOffersFirstScreens({
      catalog,
      log: { warn: (_details: unknown, message?: string) => void warnings.push(String(message)) } as never,
      render:
        options.render ??
        (async (_bundle, input) => {
          inputs.push(input);
          return `<div class="page">${input.offers.length} offers in ${input.locale}</div>`;
        }),
      now: options.now,
      waitMs: options.waitMs,
    });
    const ask = (userId = 7, locale: 'en' | 'de' = 'en', path = '/Earn') => source({ path, userId, locale, build: build() });
    return { state, catalog, inputs, warnings, ask };
  }

  it('renders once per build, language and catalog version, waiting a moment for it, then going without; sends it with the user’s own answer', async () => {
    let finish = () => {};
    const inputs: OffersFirstScreenInput[] = [];
    const { ask } = setUp({
      waitMs: 20,
      render: async (_bundle, input) => {
        inputs.push(input);
        await new Promise<void>((resolve) => (finish = resolve));
        return `<div class="page">${input.offers.length} offers in ${input.locale}</div>`;
      },
    });
    // Requests while the render takes longer than their wait go without it, and start no other.
    expect(await Promise.all([ask(), ask(8)])).toEqual([null, null]);
    expect(await ask()).toBeNull();
    expect(inputs).toHaveLength(1);
    finish();
    await settle();
    const screen = await ask(7);
    expect(screen?.html).toBe('<div class="page">2 offers in en</div>');
    expect(screen?.data.id).toBe('offers-first-screen');
    // The user's own answer, as JSON that cannot end the element it goes into.
    expect(screen?.data.safeJson).not.toMatch(/<|>/);
    expect(JSON.parse(screen!.data.safeJson).data.map((item: Offer) => item.click_url)).toEqual([
      'https://wall.example/click?user=7',
      'https://wall.example/click?user=7',
    ]);
    expect(JSON.parse((await ask(8))!.data.safeJson).data[0].click_url).toBe('https://wall.example/click?user=8');
    // The render saw no user's click link: its markup is every user's.
    expect(inputs[0]!.offers.map((item) => item.click_url)).toEqual(['', '']);
    expect(inputs).toHaveLength(1);
  });

  it('sends a render made within its wait with the very request that started it; renders again for another language, catalog version or bundle', async () => {
    const { state, inputs, ask } = setUp();
    expect((await ask())?.html).toBe('<div class="page">2 offers in en</div>');
    expect((await ask(7, 'de'))?.html).toBe('<div class="page">2 offers in de</div>');
    expect(inputs.map((input) => input.locale)).toEqual(['en', 'de']);

    state.version = 'v2';
    state.offers = [offer(3, 'Rune Keepers')];
    expect((await ask())?.html).toBe('<div class="page">1 offers in en</div>');

    await utimes(bundle, new Date(), new Date(Date.now() + 5000));
    expect((await ask())?.html).toBe('<div class="page">1 offers in en</div>');
    expect(inputs).toHaveLength(4);
    await ask(8);
    expect(inputs).toHaveLength(4);
  });

  it('has none for another path, a build without its bundle, or an empty catalog', async () => {
    const { state, inputs, ask } = setUp();
    for (const path of ['/earn', '/Cashout', '/Earn/', '/']) expect(await ask(7, 'en', path)).toBeNull();
    await rm(bundle);
    expect(await ask()).toBeNull();
    await writeFile(bundle, '// back');
    state.offers = [];
    expect(await ask()).toBeNull();
    await settle();
    expect(await ask()).toBeNull();
    expect(inputs).toEqual([]);
  });

  it('goes without after a render failed, says so, and tries again 30 s later', async () => {
    let clock = 1_000;
    let fail = true;
    const { warnings, ask } = setUp({
      now: () => clock,
      render: async () => {
        if (fail) throw new Error('the bundle threw');
        return '<div>ok</div>';
      },
    });
    expect(await ask()).toBeNull();
    expect(warnings).toEqual([expect.stringContaining("/Earn's first screen could not be rendered for")]);
    fail = false;
    clock += 29_000;
    expect(await ask()).toBeNull();
    clock += 1_000;
    expect((await ask())?.html).toBe('<div>ok</div>');
  });

  it('renders with a real bundle in a worker: its messages first, then the page; one that throws or answers nothing else fails', async () => {
    await writeFile(
      bundle,
      `let ready = false;
       exports.messagesReady = async () => { ready = true; };
       exports.renderOffersFirstScreen = async ({ offers, locale }) => (ready ? '<p>' + offers.map((o) => o.name).join(', ') + ' (' + locale + ')</p>' : 'not ready');`,
    );
    expect(await renderFirstScreenInWorker(bundle, { offers: [offer(1, 'Dragon Forge')], locale: 'fr' })).toBe('<p>Dragon Forge (fr)</p>');
    await writeFile(bundle, "exports.renderOffersFirstScreen = () => { throw new Error('broken build'); };");
    await expect(renderFirstScreenInWorker(bundle, { offers: [], locale: 'en' })).rejects.toThrow('broken build');
    await writeFile(bundle, 'exports.renderOffersFirstScreen = async () => 42;');
    await expect(renderFirstScreenInWorker(bundle, { offers: [], locale: 'en' })).rejects.toThrow('answered something else');
    // A build made before mf-earn had the first screen.
    await writeFile(bundle, 'exports.renderPrerenderedPages = async () => [];');
    await expect(renderFirstScreenInWorker(bundle, { offers: [], locale: 'en' })).rejects.toThrow();
  });
});
