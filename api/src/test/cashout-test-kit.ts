import type { FastifyInstance, InjectOptions } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@rewards/shared/contracts/cashout-types';
import type { DatabaseHandle } from '../db/database';
import { bearer, signUp, type SignedUp } from './accounts';
import { markEmailVerified } from '../modules/account/repository';
import { appendLedgerEntry } from '../modules/ledger/ledger';
import type { Executor } from '../db/executor';
import { runOpsCapturing } from './ops-test-kit';

/** Helpers the cashout tests share: funded users, Cashout/* calls, the ops command line. */

export const databaseKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
export const onPostgres = process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '';

/** Credits a user through the ledger (the only way money arrives). */
export async function credit(db: Executor, userId: number, coins: number): Promise<void> {
  await appendLedgerEntry(db, { userId, amountCoins: coins, kind: 'manual_credit', note: 'test credit' });
}

/** A new user with `coins` in the wallet, with the email verified (a first cashout needs it) unless `verified` is false. */
export async function fundedUser(app: FastifyInstance, db: Executor, coins: number, { verified = true }: { verified?: boolean } = {}): Promise<SignedUp> {
  const signedUp = await signUp(app);
  if (coins > 0) await credit(db, signedUp.user.id, coins);
  if (verified) await markEmailVerified(db, signedUp.user.id);
  return signedUp;
}

export type StoreBody = Record<string, unknown>;

export function storeRequest(token: string, body: StoreBody | string, idempotencyKey?: string): InjectOptions {
  const headers: Record<string, string> = { ...bearer(token), 'content-type': 'application/json' };
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  return { method: 'POST', url: '/api/Cashout/Store', headers, payload: typeof body === 'string' ? body : JSON.stringify(body) };
}

export function store(app: FastifyInstance, token: string, body: StoreBody | string, idempotencyKey?: string) {
  return app.inject(storeRequest(token, body, idempotencyKey));
}

export const paypal = (amount: unknown, account: unknown = 'pat@example.com') => ({ wallet: 'paypal', amount, account });

export async function stats(app: FastifyInstance, token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/Cashout/stats', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`stats failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Runs `pnpm ops …` against the test database; answers the exit code and what was printed. */
export function ops(database: DatabaseHandle, ...argv: string[]) {
  return runOpsCapturing(database, argv);
}
