import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { ledgerEntries, users } from '../db/schema';
import { type GenericPostbackFields, genericPostbackQuery } from '../modules/walls/adapters/generic';
import { DEV_POSTBACK_SECRET } from '../modules/walls/registry';
import type { SignedCallback } from '../modules/walls/wall-adapter';

/** A postback's fields with test defaults: a fresh txid, a $1.50 credit of a sample offer. */
export function postbackFields(overrides: Partial<GenericPostbackFields> & { user_id: string }): GenericPostbackFields {
  return { offer_id: 'dragon-forge-legends', event_id: '', txid: `tx-${randomUUID()}`, payout: '1.50', status: '1', ...overrides };
}

export function postbackPath(fields: GenericPostbackFields, { wall = 'demo', secret = DEV_POSTBACK_SECRET } = {}): string {
  return `/api/postback/${wall}?${genericPostbackQuery(secret, fields)}`;
}

/** Sends a signed generic postback through app.inject. */
export function injectPostback(
  app: FastifyInstance,
  fields: GenericPostbackFields,
  options: { wall?: string; secret?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: postbackPath(fields, options) });
}

export async function balanceCoins(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ balanceCoins: users.balanceCoins }).from(users).where(eq(users.id, userId));
  return row?.balanceCoins ?? 0;
}

export async function heldCoins(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ heldCoins: users.heldCoins }).from(users).where(eq(users.id, userId));
  return row?.heldCoins ?? 0;
}

export async function ledgerRows(db: Database, userId: number, kind?: (typeof ledgerEntries.$inferSelect)['kind']) {
  return db
    .select()
    .from(ledgerEntries)
    .where(kind ? and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)) : eq(ledgerEntries.userId, userId));
}

/** Sends a callback built by an adapter's sign() (a full URL) through app.inject, from a given address. */
export function injectSigned(app: FastifyInstance, signed: SignedCallback, { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(signed.url);
  return app.inject({
    method: signed.method,
    url: `${url.pathname}${url.search}`,
    headers: { ...signed.headers, ...headers },
    ...(signed.body === undefined ? {} : { payload: signed.body }),
    remoteAddress: from,
  });
}

/** The origin app.inject requests are addressed to (what walls that sign the whole URL must have signed). */
export const INJECT_ORIGIN = 'http://localhost:80';
