import type { Database } from '../../db/database';
import { useTestDatabase } from '../../test/test-database';
import { createPublishedContentState, NOTHING_PUBLISHED } from './published-state';
import { currentVersion, publishContent, recordRepositoryContent } from './service';
import { findRepoRoot } from '../../repo-root';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The database, or one that refuses every query ('down') or never answers ('hanging'). */
function switchableDatabase(db: Database) {
  let mode: 'up' | 'down' | 'hanging' = 'up';
  const broken = { select: () => ({ from: () => (mode === 'down' ? Promise.reject(new Error('connect ECONNREFUSED')) : new Promise(() => {})) }) };
  const proxy = new Proxy(db, { get: (target, key) => (mode !== 'up' && key === 'select' ? broken.select : Reflect.get(target, key)) });
  return { db: proxy, set: (next: typeof mode) => void (mode = next) };
}

describe(`what is published, held in memory, on ${kind}`, () => {
  const database = useTestDatabase();
  const warnings: string[] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))) };

  beforeAll(async () => {
    await database().db.transaction((tx) => recordRepositoryContent(tx, findRepoRoot()));
  });

  it("re-reads the newest version at most once per recheck interval, so another process's publish shows within it", async () => {
    let clock = 0;
    const state = createPublishedContentState({ db: database().db, log, recheckMs: 1000, now: () => clock });
    const first = await state.current();
    const faq = first.files.get('faq.json')!;
    expect(faq.version).toBeGreaterThan(0);
    // Published by "another process": nothing tells this state but the database.
    const current = (await currentVersion(database().db, 'faq.json'))!;
    const changed = current.body.replace('Answers to the questions', 'Short answers to the questions');
    const version = await database().db.transaction((tx) => publishContent(tx, { file: 'faq.json', text: changed, operator: 'elsewhere', reason: 'x' }));
    clock = 999;
    expect((await state.current()).files.get('faq.json')!.version).toBe(faq.version);
    clock = 1000;
    expect((await state.current()).files.get('faq.json')).toMatchObject({ version: version.version, value: JSON.parse(changed) });
    state.close();
  });

  it('keeps what it read last while the database is down, and says so once', async () => {
    const switchable = switchableDatabase(database().db);
    let clock = 0;
    const state = createPublishedContentState({ db: switchable.db, log, recheckMs: 1000, now: () => clock });
    const read = await state.current();
    expect(read.files.size).toBeGreaterThan(0);
    switchable.set('down');
    warnings.length = 0;
    for (clock = 1000; clock < 5000; clock += 1000) expect(await state.current()).toBe(read);
    expect(warnings).toHaveLength(1);
    switchable.set('up');
    clock = 6000;
    expect((await state.current()).latest).toBe(read.latest);
    state.close();
  });

  it('shows nothing published (the builds show their own content) when the database never answered, without holding a page up', async () => {
    const switchable = switchableDatabase(database().db);
    switchable.set('hanging');
    const state = createPublishedContentState({ db: switchable.db, log, maxWaitMs: 50 });
    const started = Date.now();
    expect(await state.current()).toBe(NOTHING_PUBLISHED);
    expect(Date.now() - started).toBeLessThan(1000);
    state.close();
  });
});
