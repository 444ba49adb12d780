import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentFile } from '@rewards/shared/content/content-schemas';
import type { BuildContent, PublishedContent } from '@rewards/shared/content/published-content';
import { createBuildViews, dataBlockOf, filesNewerThanBuild } from './build-view';
import type { PublishedSnapshot } from './published-state';

/** A snapshot where `faq.json` was recorded as hash a (version 1), b (2), then c (3, shown). */
function snapshotOf(files: Record<string, { version: number; hash: string; value?: unknown }>, hashes: Record<string, Record<string, number>>): PublishedSnapshot {
  return {
    latest: Math.max(...Object.values(files).map((file) => file.version)),
    files: new Map(Object.entries(files).map(([file, { version, hash, value = { file, hash } }]) => [file as ContentFile, { version, hash, value }])),
    hashes: new Map(Object.entries(hashes).map(([file, byHash]) => [file as ContentFile, new Map(Object.entries(byHash))])),
  };
}

const FAQ_HISTORY = snapshotOf({ 'faq.json': { version: 3, hash: 'c' } }, { 'faq.json': { a: 1, b: 2, c: 3 } });

describe('which published files are newer than a build', () => {
  it('are those whose bundled text was recorded before the version shown', () => {
    expect(filesNewerThanBuild(FAQ_HISTORY, { 'faq.json': 'a' })).toEqual(['faq.json']);
    expect(filesNewerThanBuild(FAQ_HISTORY, { 'faq.json': 'b' })).toEqual(['faq.json']);
  });

  it('are none when the build bundled what is shown, a text never recorded (a newer release), or not the file at all', () => {
    expect(filesNewerThanBuild(FAQ_HISTORY, { 'faq.json': 'c' })).toEqual([]);
    expect(filesNewerThanBuild(FAQ_HISTORY, { 'faq.json': 'never-recorded' })).toEqual([]);
    expect(filesNewerThanBuild(FAQ_HISTORY, { 'landing.json': 'a' })).toEqual([]);
  });
});

describe("the page's published-content element", () => {
  it('holds JSON that cannot close the element or open a comment, and parses back to the same value', () => {
    const published = { 'faq.json': { lead: '</script><script>alert(1)</script> <!-- x' } };
    const block = dataBlockOf(published);
    expect(block).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(block)).toEqual(published);
  });
});

describe('the view of a build', () => {
  let folder: string;
  const renders: PublishedContent[] = [];
  let snapshot: PublishedSnapshot;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rewards-build-view-'));
    const content: BuildContent = {
      hashes: { 'faq.json': 'a', 'landing.json': 'l1' },
      pages: { index: ['landing.json'] },
      firstScreen: { index: { 'landing.json': { file: 'landing.json', hash: 'l1', lead: '</script><script>alert(1)</script>' } } },
    };
    await writeFile(join(folder, 'content.json'), JSON.stringify(content));
    await writeFile(join(folder, 'render.cjs'), '');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const views = createBuildViews({
    state: { current: async () => snapshot },
    log: { warn: () => {}, error: () => {} },
    render: async (_bundle, published) => {
      renders.push(published);
      return [{ file: 'index', html: `<h1>${JSON.stringify(published)}</h1>` }];
    },
  });
  const build = () => ({ locate: (file: string) => join(folder, file) });

  it('renders / again only when its content changed, once per version', async () => {
    snapshot = snapshotOf({ 'faq.json': { version: 3, hash: 'c' }, 'landing.json': { version: 2, hash: 'l1' } }, { 'faq.json': { a: 1, c: 3 }, 'landing.json': { l1: 2 } });
    const faqOnly = await views(build());
    expect(JSON.parse(faqOnly.dataBlock!)).toEqual({ 'faq.json': { file: 'faq.json', hash: 'c' } });
    expect(await faqOnly.prerendered('index')).toBeNull();
    expect(renders).toEqual([]);

    snapshot = snapshotOf({ 'faq.json': { version: 3, hash: 'c' }, 'landing.json': { version: 4, hash: 'l2' } }, { 'faq.json': { a: 1, c: 3 }, 'landing.json': { l1: 2, l2: 4 } });
    for (let load = 0; load < 3; load += 1) expect(await (await views(build())).prerendered('index')).toBe('<h1>{"landing.json":{"file":"landing.json","hash":"l2"}}</h1>');
    expect(renders).toHaveLength(1);
  });

  it("carries the content a page's first screen is made from, the newer published version over the build's", async () => {
    snapshot = snapshotOf({}, {});
    const nothingPublished = await views(build());
    expect(nothingPublished.dataBlock).toBeNull();
    const own = nothingPublished.dataBlockFor('index')!;
    expect(own).not.toMatch(/<\/script/i);
    expect(JSON.parse(own)).toEqual({ 'landing.json': { file: 'landing.json', hash: 'l1', lead: '</script><script>alert(1)</script>' } });
    expect(nothingPublished.dataBlockFor(null)).toBeNull();
    expect(nothingPublished.dataBlockFor('index.de')).toBeNull();
    expect(nothingPublished.dataBlockFor('__proto__')).toBeNull();

    snapshot = snapshotOf({ 'faq.json': { version: 3, hash: 'c' }, 'landing.json': { version: 4, hash: 'l2' } }, { 'faq.json': { a: 1, c: 3 }, 'landing.json': { l1: 2, l2: 4 } });
    const newer = await views(build());
    expect(JSON.parse(newer.dataBlockFor('index')!)).toEqual({ 'faq.json': { file: 'faq.json', hash: 'c' }, 'landing.json': { file: 'landing.json', hash: 'l2' } });
    expect(JSON.parse(newer.dataBlockFor(null)!)).toEqual(JSON.parse(newer.dataBlock!));
  });

  it('shows nothing published to a build that recorded nothing (made before content was published)', async () => {
    const view = await views({ locate: (file) => join(folder, 'missing', file) });
    expect(view.dataBlock).toBeNull();
    expect(await view.prerendered('index')).toBeNull();
  });
});
