import { readFile } from 'node:fs/promises';
import { count, eq, and, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { COINS_PER_DOLLAR } from '@rewards/shared/constants';
import { dollarsToCoins } from '@rewards/shared/rules/money';
import type { Database } from '../../db/database';
import { appMeta, offerEvents, offers, PLATFORMS } from '../../db/schema';
import { CATALOG_VERSION_KEY, catalogImported } from './catalog-cache';
import type { Executor } from '../../db/executor';

/**
 * The catalog file (`pnpm ops offers:import <file>`, and the seed at start): offers as a partner lists
 * them, money in dollars (strings or numbers, at most 3 decimals), upserted by `offer_id`.
 * Example: api/data/offers.sample.json.
 */

/** Where Play and Earn goes when an offer names no link: our demo wall, on that offer. */
export const DEFAULT_CLICK_URL = '/api/walls/demo?user_id={user_id}&offer_id={offer_id}';
export const MAX_OFFER_PAYOUT_COINS = 10_000 * COINS_PER_DOLLAR;

const PARTNER_ID = /^[A-Za-z0-9._:-]+$/;
// A link is ours (`/api/...`) or a partner's over http(s): never javascript: or data:.
const LINK = /^(\/(?!\/)|https?:\/\/)[^\s<>"]*$/;

const text = (label: string, max: number) => z.string({ error: `${label} must be a string` }).trim().min(1, `${label} is required`).max(max, `${label} may be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be a string or null` })
    .max(max, `${label} may be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value));

const dollars = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be an amount of dollars like "1.50"` }).transform((value, ctx) => {
    const coins = dollarsToCoins(value, { maxCoins: MAX_OFFER_PAYOUT_COINS });
    if (!coins) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than 0 and at most 10000 dollars, with at most 3 decimals; got ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    return coins;
  });

const link = (label: string) => text(label, 1000).regex(LINK, `${label} must start with / or http(s)://`);

const catalogEvent = z.strictObject({
  id: z.union([z.string(), z.number().int().nonnegative()], { error: 'event id must be a string or a number' }).transform(String).pipe(text('event id', 100).regex(PARTNER_ID, 'event id may only hold letters, digits and . _ : -')),
  name: text('event name', 200),
  payout: dollars('event payout'),
});

const catalogOffer = z
  .strictObject({
    offer_id: z.union([z.string(), z.number().int().nonnegative()], { error: 'offer_id must be a string' }).transform(String).pipe(text('offer_id', 100).regex(PARTNER_ID, 'offer_id may only hold letters, digits and . _ : -')),
    name: text('name', 120),
    title: text('title', 200),
    image_url: link('image_url'),
    description: z.string({ error: 'description must be a string' }).max(20_000, 'description may be at most 20000 characters').default(''),
    description2: optionalText('description2', 20_000),
    description3: optionalText('description3', 20_000),
    categories: z.array(text('category', 40), { error: 'categories must be a list of strings' }).max(10, 'at most 10 categories').default([]),
    rate: z.number({ error: 'rate must be a number from 0 to 5' }).min(0, 'rate must be from 0 to 5').max(5, 'rate must be from 0 to 5'),
    platforms: z
      .array(z.enum(PLATFORMS, { error: `a platform is one of ${PLATFORMS.join(', ')}` }), { error: 'platforms must be a list' })
      .min(1, 'an offer runs on at least one platform')
      .refine((list) => new Set(list).size === list.length, 'platforms are listed once each'),
    click_url: link('click_url').default(DEFAULT_CLICK_URL),
    payout: dollars('payout'),
    events: z
      .array(catalogEvent, { error: 'events must be a list' })
      .max(50, 'at most 50 events')
      .default([])
      .refine((list) => new Set(list.map((event) => event.id)).size === list.length, 'event ids are unique within an offer'),
  })
  .transform((offer) => ({ ...offer, rate: Math.round(offer.rate * 100) / 100 }));

export const catalogFileSchema = z
  .strictObject({ offers: z.array(catalogOffer, { error: 'offers must be a list' }).min(1, 'the catalog lists at least one offer').max(5000) }, { error: 'a catalog is a JSON object with an "offers" list' })
  .superRefine(({ offers: list }, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((offer, index) => {
      const first = seen.get(offer.offer_id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['offers', index, 'offer_id'], message: `offer_id "${offer.offer_id}" is already used by offers[${first}]` });
      else seen.set(offer.offer_id, index);
    });
  });

export type CatalogOffer = z.output<typeof catalogOffer>;

/** A catalog that failed validation: one line per problem, like `offers[3].payout: ...`. */
export class CatalogError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`${source} is not a valid offers catalog:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'CatalogError';
  }
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/** Validates parsed JSON as a catalog; throws CatalogError listing every problem (at most 50). */
export function parseCatalog(data: unknown, source = 'the catalog'): CatalogOffer[] {
  const result = catalogFileSchema.safeParse(data);
  if (result.success) return result.data.offers;
  const problems = result.error.issues.slice(0, 50).map((issue) => (issue.path.length ? `${pathOf(issue.path)}: ${issue.message}` : issue.message));
  throw new CatalogError(source, problems);
}

export async function loadCatalogFile(path: string): Promise<CatalogOffer[]> {
  let textContent: string;
  try {
    textContent = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogError(path, [`cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`]);
  }
  let data: unknown;
  try {
    data = JSON.parse(textContent);
  } catch (error) {
    throw new CatalogError(path, [`not JSON: ${(error as Error).message}`]);
  }
  return parseCatalog(data, path);
}

export type ImportSummary = { created: number; updated: number; events: number };

/**
 * Upserts every offer by its partner id, and its events by (offer, event id); events an offer no longer
 * lists are removed (progress lives in conversions, so nobody loses a credit). One transaction: a
 * catalog is loaded whole or not at all. Offers missing from the file are left as they are.
 */
export async function importCatalog(db: Database, catalog: readonly CatalogOffer[]): Promise<ImportSummary> {
  const imported = await db.transaction(async (tx) => {
    const summary: ImportSummary = { created: 0, updated: 0, events: 0 };
    for (const [position, offer] of catalog.entries()) {
      const values = {
        partnerOfferId: offer.offer_id,
        name: offer.name,
        title: offer.title,
        imageUrl: offer.image_url,
        description: offer.description,
        description2: offer.description2,
        description3: offer.description3,
        categories: offer.categories,
        rating: offer.rate,
        platforms: offer.platforms,
        clickUrlTemplate: offer.click_url,
        payoutCoins: offer.payout,
        position,
      };
      const { partnerOfferId: _key, ...changes } = values;
      const [row] = await tx
        .insert(offers)
        .values(values)
        .onConflictDoUpdate({ target: offers.partnerOfferId, set: { ...changes, updatedAt: sql`now()` } })
        // xmax is 0 on a freshly inserted row version: tells created from updated in one statement.
        .returning({ id: offers.id, created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error(`offer ${offer.offer_id} was not stored`);
      if (row.created) summary.created += 1;
      else summary.updated += 1;
      await replaceEvents(tx, row.id, offer.events);
      summary.events += offer.events.length;
    }
    await bumpCatalogVersion(tx);
    return summary;
  });
  catalogImported(db);
  return imported;
}

/** Every server's cached Offers/Get answers (catalog-cache.ts) are of the version they read. */
async function bumpCatalogVersion(tx: Executor): Promise<void> {
  await tx
    .insert(appMeta)
    .values({ key: CATALOG_VERSION_KEY, value: '1' })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` } });
}

async function replaceEvents(tx: Executor, offerId: number, events: CatalogOffer['events']): Promise<void> {
  const ids = events.map((event) => event.id);
  await tx
    .delete(offerEvents)
    .where(ids.length > 0 ? and(eq(offerEvents.offerId, offerId), notInArray(offerEvents.partnerEventId, ids)) : eq(offerEvents.offerId, offerId));
  if (events.length === 0) return;
  await tx
    .insert(offerEvents)
    .values(events.map((event, position) => ({ offerId, partnerEventId: event.id, name: event.name, payoutCoins: event.payout, position })))
    .onConflictDoUpdate({
      target: [offerEvents.offerId, offerEvents.partnerEventId],
      set: { name: sql`excluded.name`, payoutCoins: sql`excluded.payout_coins`, position: sql`excluded.position` },
    });
}

export async function countOffers(db: Executor): Promise<number> {
  const rows = await db.select({ value: count() }).from(offers);
  return rows[0]?.value ?? 0;
}

/** Loads the seed catalog into an empty offers table; answers what it did (for the log). */
export async function seedCatalogIfEmpty(db: Database, file: string): Promise<ImportSummary | 'not-empty'> {
  if ((await countOffers(db)) > 0) return 'not-empty';
  return importCatalog(db, await loadCatalogFile(file));
}
