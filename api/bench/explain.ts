// `pnpm --filter @rewards/api bench:explain` (needs TEST_DATABASE_URL): fills a fresh PostgreSQL database
// with a busy site's volume, runs each hot call's real code once, and prints PostgreSQL's plan (EXPLAIN
// ANALYZE) of every statement it sent: which index serves it, how many rows it touched, how long it took.
// Writes are explained inside a transaction that is rolled back.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../src/db/database';
import { migrationsFolder } from '../src/db/database';
import * as schema from '../src/db/schema';
import { findLiveSessionWithTotals } from '../src/modules/account/repository';
import { findLiveSession, hashSessionToken } from '../src/modules/session/session';
import { findLiveSessionWithCashoutTotals } from '../src/modules/cashout/repository';
import { cashoutHistory, requestCashout } from '../src/modules/cashout/service';
import { earningsAfter, reversalRateOf } from '../src/modules/earnings/service';
import { readEarningHolds, DEFAULT_EARNING_HOLDS_TEXT } from '../src/config-values';
import { createOffersCatalog } from '../src/modules/earn/catalog-cache';
import { importCatalog, loadCatalogFile } from '../src/modules/earn/catalog';
import { createLinks } from '../src/modules/earn/links';
import { myOffers } from '../src/modules/earn/service';
import { recordCallback } from '../src/modules/walls/callback-log';
import { creditConversion } from '../src/modules/conversions/crediting';
import { findRepoRoot } from '../src/repo-root';
import { createBenchDatabase } from './server';

// user_offers: 6 offers for every third user; referral_reviews: one referral in ten flagged.
const VOLUME = { users: 50_000, sessionsPerUser: 2, ledgerRows: 1_000_000, busyUserRows: 20_000, cashouts: 50_000, conversions: 300_000, callbacks: 300_000 };
const BUSY_USER = 1;
const BUSY_TOKEN = 'explain-busy-user-token-0001';

/** Fills the tables with generate_series: the busy user 1 has BUSY_USER_ROWS ledger rows, the rest share the others. */
async function fill(client: pg.Client): Promise<void> {
  const { users, sessionsPerUser, ledgerRows, busyUserRows, cashouts, conversions, callbacks } = VOLUME;
  const kinds = `(array['offer_credit','referral_bonus','manual_credit','cashout','offer_reversal'])[1 + i % 5]`;
  await client.query(`
    insert into users (name, email, referral_code, referred_by, balance_coins)
      select 'User ' || i, 'user' || i || '@example.com', 'code' || i, case when i > 10 and i % 7 = 0 then 1 + i % 10 end, 1000
      from generate_series(1, ${users}) as i;
    insert into sessions (user_id, token_hash, expires_at, ip)
      select 1 + i % ${users}, md5(i::text), now() + interval '30 days', '198.51.100.' || (i % 250)
      from generate_series(1, ${users * sessionsPerUser}) as i;
    insert into sessions (user_id, token_hash, expires_at) values (${BUSY_USER}, '${hashSessionToken(BUSY_TOKEN)}', now() + interval '30 days');
    insert into ledger_entries (user_id, amount_coins, kind, reference, created_at)
      select case when i <= ${busyUserRows} then ${BUSY_USER} else 2 + i % (${users} - 1) end,
             case when ${kinds} in ('cashout', 'offer_reversal') then -10 else 10 end, ${kinds}, 'fill:' || i,
             now() - (i % 90) * interval '1 day'
      from generate_series(1, ${ledgerRows}) as i;
    -- Every offer credit was held; one in ten is still.
    insert into holds (user_id, reference, coins, reason, release_at, status)
      select case when i <= ${busyUserRows} then ${BUSY_USER} else 2 + i % (${users} - 1) end, 'fill:' || i, 10, 'large_credit',
             now() + (i % 7) * interval '1 day', case when i % 50 = 0 then 'held' else 'released' end
      from generate_series(5, ${ledgerRows}, 5) as i;
    insert into cashouts (user_id, method, account, amount_coins, status, balance_after_coins, created_at)
      select 1 + i % ${users}, 'paypal', 'x@example.com', 250, (array['pending','approved','rejected'])[1 + i % 3], 0, now() - (i % 60) * interval '1 day'
      from generate_series(1, ${cashouts}) as i;
    insert into conversions (wall, txid, user_id, partner_offer_id, partner_event_id, payout_coins)
      select 'demo', 'fill-' || i, 1 + i % ${users}, 'dragon-forge-legends', (array['install','level-5','level-10',''])[1 + i % 4], 100
      from generate_series(1, ${conversions}) as i;
    insert into user_offers (user_id, offer_id, status)
      select u, o, case when (u + o) % 3 = 0 then 'completed' else 'active' end
      from generate_series(2, ${users}, 3) as u, generate_series(1, 6) as o;
    insert into signup_origins (user_id, ip, device_id) select i, '198.51.100.' || (i % 250), md5(i::text) from generate_series(1, ${users}) as i;
    insert into referral_reviews (referred_user_id, referrer_id, signals)
      select i, 1 + i % 10, 'same address at sign-up' from generate_series(14, ${users}, 70) as i where i % 7 = 0;
    insert into postback_callbacks (wall, method, path, query, body, headers, source_ip, outcome, status_code, reason, user_id, txid, received_at)
      select 'demo', 'GET', '/api/postback/demo', 'txid=fill-' || i, '', '{}', '203.0.113.1', 'credited', 200, 'Conversion credited.', 1 + i % ${users}, 'fill-' || i, now() - (i % 90) * interval '1 day'
      from generate_series(1, ${callbacks}) as i;
  `);
  // What autovacuum does on a running site: statistics, and the visibility map (index-only scans).
  await client.query('vacuum analyze');
}

type Captured = { query: string; params: unknown[] };

async function explain(client: pg.Client, { query, params }: Captured): Promise<string[]> {
  await client.query('begin');
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, summary off) ${query}`, params);
    return result.rows.map((row) => row['QUERY PLAN']);
  } catch (error) {
    return [`(not explained: ${(error as Error).message})`];
  } finally {
    await client.query('rollback');
  }
}

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('bench:explain needs TEST_DATABASE_URL (a PostgreSQL server)');
  const repoRoot = findRepoRoot();
  const database = await createBenchDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: database.url });
  const client = new pg.Client({ connectionString: database.url });
  try {
    let captured: Captured[] = [];
    const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
    const nodePg = drizzle({ client: pool, schema, logger });
    await migrate(nodePg, { migrationsFolder: migrationsFolder(repoRoot) });
    const db: Database = nodePg;
    await client.connect();
    const started = Date.now();
    await importCatalog(db, await loadCatalogFile(`${repoRoot}/api/data/offers.sample.json`));
    await fill(client);
    console.log(
      `Filled in ${((Date.now() - started) / 1000).toFixed(0)} s: ${Object.entries(VOLUME)
        .map(([name, count]) => `${name} ${count.toLocaleString('en')}`)
        .join(', ')}. User ${BUSY_USER} is the busy one.`,
    );

    const links = createLinks({ publicUrl: undefined, assetVersion: () => undefined });
    const tokenHash = hashSessionToken(BUSY_TOKEN);
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['POST /api/user/Profile (session + totals)', () => findLiveSessionWithTotals(db, tokenHash)],
      ['GET /api/Cashout/stats (session + totals)', () => findLiveSessionWithCashoutTotals(db, tokenHash)],
      ['every signed-in call (session)', () => findLiveSession(db, tokenHash)],
      ['POST /api/Offers/Get (a catalog build, once per version)', () => createOffersCatalog({ db, links }).answer(undefined, BUSY_USER)],
      ['GET /api/Cashout/history', () => cashoutHistory(db, BUSY_USER, 1, 10)],
      ['GET /api/user/earnings (the first page of the busy user)', () => earningsAfter(db, { userId: BUSY_USER, limit: 20 })],
      ['GET /api/user/earnings (a page after a cursor deep in the busy user\'s rows)', () => earningsAfter(db, { userId: BUSY_USER, cursor: VOLUME.busyUserRows / 2, limit: 20 })],
      ['GET /api/user/earnings (a user with 20 rows)', () => earningsAfter(db, { userId: 20, limit: 20 })],
      ['GET /api/user/earnings (the reversal rate)', () => reversalRateOf(db, 20, readEarningHolds(DEFAULT_EARNING_HOLDS_TEXT))],
      ['GET /api/Offers/my-offers (a user with 6 offers)', () => myOffers(db, 2, links)],
      [
        'postback credit (an event of a catalog offer)',
        () => creditConversion(db, { wall: 'demo', txid: `explain-${randomBytes(4).toString('hex')}`, userId: 20, partnerOfferId: 'dragon-forge-legends', partnerEventId: 'level-5', payoutCoins: 500 }),
      ],
      [
        'postback log row',
        () =>
          recordCallback(db, {
            wall: 'demo',
            method: 'GET',
            path: '/api/postback/demo',
            query: '',
            body: '',
            headers: '{}',
            sourceIp: '203.0.113.1',
            outcome: 'credited',
            statusCode: 200,
            reason: 'Conversion credited.',
          }),
      ],
      ['POST /api/Cashout/Store', () => requestCashout(db, { userId: 30, input: { method: 'paypal', account: 'x@example.com', amountCoins: 250 }, idempotencyKey: null, dailyLimitCoins: 500_000 })],
    ];
    for (const [label, run] of calls) {
      captured = [];
      await run();
      console.log(`\n== ${label}`);
      for (const statement of captured) {
        if (/^(begin|commit|rollback|savepoint|release)/i.test(statement.query.trim())) continue;
        console.log(`-- ${statement.query.replace(/\s+/g, ' ').slice(0, 220)}`);
        for (const line of await explain(client, statement)) console.log(`   ${line}`);
      }
    }
  } finally {
    await client.end().catch(() => {});
    await pool.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
