import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cashouts } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { CashoutRow } from '../cashout/repository';
import { MalformedWebhookError, type RailEvent, type RailWebhookRequest } from '../payout-rails/rail';
import { mergeEffects, noEffects, type PayoutEffects, applyProviderState } from './settle';
import type { RailSet } from './worker';
import type { Executor } from '../../db/executor';

export type PayoutWebhookRoutesOptions = { rails: RailSet; onEffects(effects: PayoutEffects): Promise<void> };

const WEBHOOK_BODY_LIMIT = 256 * 1024;
const RAIL_NAME = /^[a-z0-9]{1,32}$/;

/** The cashout an event is about: by our id, else by the cashout id, else by the provider's reference (of this rail). */
async function cashoutOf(db: Executor, rail: string, event: RailEvent): Promise<CashoutRow | undefined> {
  const byRail = eq(cashouts.rail, rail);
  if (event.idempotencyId !== undefined) {
    const [row] = await db.select().from(cashouts).where(and(byRail, eq(cashouts.payoutId, event.idempotencyId)));
    if (row) return row;
  }
  if (event.cashoutId !== undefined && Number.isSafeInteger(event.cashoutId)) {
    const [row] = await db.select().from(cashouts).where(and(byRail, eq(cashouts.id, event.cashoutId)));
    if (row) return row;
  }
  const reference = 'providerReference' in event.state ? event.state.providerReference : undefined;
  if (reference) {
    const [row] = await db.select().from(cashouts).where(and(byRail, eq(cashouts.providerReference, reference)));
    return row;
  }
  return undefined;
}

/**
 * `POST /api/payouts/webhooks/<rail>`: a provider telling us of its payouts. Verified as the rail's adapter
 * says (401 otherwise), read (400 for a body it cannot read), then each event moves its cashout forward only
 * (a repeated or late event changes nothing). Events about cashouts we do not know are acknowledged and
 * ignored, so the provider stops repeating them.
 */
export const payoutWebhookRoutes: FastifyPluginAsync<PayoutWebhookRoutesOptions> = async (app, { rails, onEffects }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post<{ Params: { rail: string } }>('/payouts/webhooks/:rail', async (request) => {
    const name = request.params.rail;
    const rail = RAIL_NAME.test(name) ? rails.get(name) : undefined;
    if (!rail?.webhook) throw new HttpError(404, 'No such payout webhook.');
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[key.toLowerCase()] = value;
      else if (Array.isArray(value) && value[0] !== undefined) headers[key.toLowerCase()] = value[0];
    }
    const webhook: RailWebhookRequest = {
      headers,
      rawBody: typeof request.body === 'string' ? request.body : '',
      url: `${request.protocol}://${request.host}${request.url}`,
    };
    let verified = false;
    try {
      verified = await rail.webhook.verify(webhook);
    } catch (error) {
      request.log.warn({ err: error }, `payout webhook of ${name} could not be verified`);
    }
    if (!verified) throw new HttpError(401, 'The webhook signature is not valid.', { code: 'invalid_signature' });
    let events: RailEvent[];
    try {
      events = rail.webhook.parse(webhook);
    } catch (error) {
      if (error instanceof MalformedWebhookError) throw new HttpError(400, error.message);
      throw error;
    }
    const effects = noEffects();
    for (const event of events) {
      const row = await cashoutOf(app.db, name, event);
      if (row) mergeEffects(effects, await applyProviderState(app.db, row.id, event.state, new Date(Date.now() + 60_000)));
    }
    await onEffects(effects);
    return { status: 'success' as const, events: events.length, changed: effects.changes.length };
  });
};
