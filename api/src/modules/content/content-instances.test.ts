import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { findRepoRoot } from '../../repo-root';
import { buildTestApp } from '../../test/build-test-app';
import { openExtraPool } from '../../test/extra-pool';
import { runOpsCapturing } from '../../test/ops-test-kit';
import { useTestDatabase } from '../../test/test-database';
import { contentAnnouncer } from './content-events';
import { repositoryContentDir } from './repository-files';

const redisUrl = process.env.TEST_REDIS_URL;
// Two API instances are two processes on one PostgreSQL (PGlite is one process's own database).
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const describeWithRedis = process.env.TEST_DATABASE_URL && redisUrl ? describe : describe.skip;
const WITHIN_MS = 5_000;

type Faq = { questions: Array<{ answer: string }> };

/** Two instances of the site on one database: `here` runs the operator's command, `there` is another process's. */
function useTwoInstances(options: { env?: Record<string, string>; recheckMs?: number }) {
  const database = useTestDatabase();
  const started: { here?: FastifyInstance; there?: FastifyInstance; pool?: DatabaseHandle } = {};
  beforeAll(async () => {
    started.pool = await openExtraPool(database(), 4);
    started.here = await buildTestApp({ database: database(), env: options.env });
    started.there = await buildTestApp({ database: started.pool, env: options.env, contentRecheckMs: options.recheckMs });
  });
  afterAll(async () => {
    await started.here?.close();
    await started.there?.close();
    await started.pool?.close();
  });
  return { database, there: () => started.there! };
}

/** Publishes a FAQ with a new first answer through `pnpm ops` on `database`, then waits until `there` serves it. */
async function publishAndWait(database: DatabaseHandle, there: FastifyInstance, announceContent?: () => Promise<void>): Promise<number> {
  const scratch = await mkdtemp(join(tmpdir(), 'rewards-content-instances-'));
  try {
    const faq = JSON.parse(await readFile(join(repositoryContentDir(findRepoRoot()), 'faq.json'), 'utf8')) as Faq;
    const answer = `Published at ${randomUUID()}`;
    faq.questions[0]!.answer = answer;
    await writeFile(join(scratch, 'faq.json'), JSON.stringify(faq));
    const served = async () => (await there.inject({ method: 'GET', url: '/api/content/faq.json' })).json<Faq>().questions[0]!.answer;
    // The other instance has read the content (and so will not re-read it for its recheck interval).
    expect(await served()).not.toBe(answer);
    const started = Date.now();
    const published = await runOpsCapturing(database, ['content:publish', join(scratch, 'faq.json'), '--reason', 'seen everywhere'], { announceContent, invocation: { operator: 'ada', cwd: scratch } });
    expect(published.code).toBe(0);
    while ((await served()) !== answer) {
      if (Date.now() - started > WITHIN_MS) throw new Error(`the other instance did not show the publish within ${WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

describeOnPostgres('a publish seen by another instance without Redis (it re-reads the newest version every second)', () => {
  const { database, there } = useTwoInstances({});

  it('shows within 5 seconds', async () => {
    expect(await publishAndWait(database(), there())).toBeLessThan(WITHIN_MS);
  });
});

describeWithRedis('a publish seen by another instance through Redis', () => {
  const prefix = `test-${randomUUID()}:`;
  // The other instance would not re-read the content for a minute by itself: only Redis can tell it in time.
  const { database, there } = useTwoInstances({ env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }, recheckMs: 60_000 });

  it('shows within 5 seconds (at once, in practice)', async () => {
    const elapsed = await publishAndWait(database(), there(), contentAnnouncer({ redisUrl, redisPrefix: prefix }));
    expect(elapsed).toBeLessThan(WITHIN_MS);
  });

  it('is not told to a site with another prefix on the same Redis (it waits for its own re-read)', async () => {
    const pool = await openExtraPool(database(), 2);
    const otherSite = await buildTestApp({ database: pool, env: { REDIS_URL: redisUrl!, REDIS_PREFIX: `test-${randomUUID()}:` }, contentRecheckMs: 60_000 });
    try {
      const before = (await otherSite.inject({ method: 'GET', url: '/api/content/faq.json' })).body;
      await publishAndWait(database(), there(), contentAnnouncer({ redisUrl, redisPrefix: prefix }));
      expect((await otherSite.inject({ method: 'GET', url: '/api/content/faq.json' })).body).toBe(before);
    } finally {
      await otherSite.close();
      await pool.close();
    }
  });
});
