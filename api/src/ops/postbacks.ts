import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { coinsToDollarString, dollarsToCoins } from '@rewards/shared/rules/money';
import { type Config, loadConfig, WALL_SLUG } from '../config';
import { CALLBACK_OUTCOMES, type CallbackOutcome } from '../db/schema';
import { findUserById } from '../modules/account/repository';
import { publishFeedEntry } from '../modules/live-feed/feed';
import { feedEntryOf } from '../modules/live-feed/lead-announcer';
import { findCallback, listCallbacks } from '../modules/walls/callback-log';
import { handleCallback, requestOfRecord } from '../modules/walls/postback-pipeline';
import { POSTBACK_TIMEOUT_MS } from '../modules/demo-wall/postback-client';
import { adapterFor, WALL_ADAPTERS, wallSecret, wallsConfigOf } from '../modules/walls/registry';
import { signUserLookup, USER_LOOKUP_PATH } from '../modules/walls/user-lookup';
import { callbackResult, printCallbacks } from './callback-view';
import { defineCommand, OpsError, type OpsOutput, UsageError } from './command';
import { countLine } from './output';
import { parseEmail, userConcerned } from './users';

export type SimulateArgs = {
  wall: string;
  email: string | undefined;
  userId: number | undefined;
  offer: string;
  event: string;
  payout: string;
  txid: string;
  reverse: boolean;
  url: string | undefined;
};

const FLAGS = ['--wall', '--email', '--user', '--offer', '--event', '--payout', '--txid', '--url'] as const;

export function parseSimulateArgs(args: readonly string[]): SimulateArgs {
  const values = new Map<string, string>();
  let reverse = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === '--reverse') {
      reverse = true;
      continue;
    }
    if (!(FLAGS as readonly string[]).includes(flag)) throw new UsageError(`unknown option "${flag}"`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
    i += 1;
  }
  const wall = (values.get('--wall') ?? 'demo').toLowerCase();
  if (!WALL_SLUG.test(wall)) throw new UsageError(`"${wall}" is not a wall slug`);
  const email = values.get('--email')?.trim().toLowerCase();
  const user = values.get('--user');
  if ((email === undefined) === (user === undefined)) throw new UsageError('name the user with --email <email> or --user <id>');
  if (user !== undefined && !/^[1-9]\d{0,14}$/.test(user)) throw new UsageError(`"${user}" is not a user id`);
  const offer = values.get('--offer') ?? '';
  const payout = values.get('--payout') ?? '';
  const coins = dollarsToCoins(payout);
  if (coins === null || coins <= 0) throw new UsageError('--payout <dollars> is needed, like 1.50');
  const txid = values.get('--txid') ?? '';
  if (reverse && txid === '') throw new UsageError('--reverse needs the --txid of the credit it reverses');
  return {
    wall,
    email,
    userId: user === undefined ? undefined : Number(user),
    offer,
    event: values.get('--event') ?? '',
    payout,
    txid: txid || `sim-${randomUUID()}`,
    reverse,
    url: values.get('--url'),
  };
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ statusCode: number; text: string; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(POSTBACK_TIMEOUT_MS) });
  } catch (error) {
    throw new OpsError(`Cannot reach ${new URL(url).origin}: ${(error as Error).message}. Is the server running (pnpm start)? --url names another.`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { statusCode: response.status, text, body };
}

/** The user's id, asked of the running server (on PGlite the ops tool cannot open its database). */
async function resolveUserId(base: string, config: Config, email: string): Promise<number> {
  const timestamp = Date.now();
  const answer = await fetchJson(`${base}${USER_LOOKUP_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, timestamp, signature: signUserLookup(config.appSecret, email, timestamp) }),
  });
  const id = (answer.body as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (answer.statusCode !== 200 || typeof id !== 'number') throw new OpsError(`Cannot find the user ${email}: HTTP ${answer.statusCode} ${answer.text}`);
  return id;
}

export type SimulatedPostback = { method: string; url: string; status_code: number; answer: string; txid: string };

/** Signs a postback with the wall's key from this configuration, as the wall would, and sends it to the running server. */
export async function simulatePostback(args: SimulateArgs, out: OpsOutput, config: Config = loadConfig()): Promise<SimulatedPostback> {
  const walls = wallsConfigOf(config);
  const adapter = adapterFor(walls, args.wall);
  if (!adapter) throw new OpsError(`Unknown wall ${args.wall}: one of ${WALL_ADAPTERS.map((wall) => wall.slug).join(', ')}, demo, a partner wall, or one with a POSTBACK_SECRET_<WALL>.`);
  const secret = wallSecret(walls, args.wall);
  if (secret === null) throw new OpsError(`Wall ${args.wall} has no postback secret in this configuration (POSTBACK_SECRET_${args.wall.toUpperCase()}).`);
  const base = (args.url ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const userId = args.userId ?? (await resolveUserId(base, config, args.email!));
  const coins = dollarsToCoins(args.payout)!;
  const signed = adapter.sign({ base, userId, txid: args.txid, coins, offerId: args.offer, eventId: args.event, reverse: args.reverse }, secret);
  out.line(`${signed.method} ${signed.url}${signed.body ? ` ${signed.body}` : ''}`);
  const answer = await fetchJson(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
  out.line(`HTTP ${answer.statusCode} ${answer.text}`);
  const sent: SimulatedPostback = { method: signed.method, url: signed.url, status_code: answer.statusCode, answer: answer.text, txid: args.txid };
  if (answer.statusCode !== 200) throw new OpsError(`The postback was refused (HTTP ${answer.statusCode}).`, sent);
  if (!args.reverse) out.line(`txid: ${args.txid} (reverse it with --reverse --txid ${args.txid})`);
  return sent;
}

export const postbackSimulate = defineCommand({
  name: 'postback:simulate',
  usage: 'postback:simulate --wall <wall> (--email <email>|--user <id>) [--offer <id>] [--event <id>] --payout <dollars> [--txid <id>] [--reverse] [--url <server>]',
  summary: 'signs a postback as the wall would and sends it to the running server (default http://localhost:$PORT)',
  usesDatabase: false,
  parse: parseSimulateArgs,
  run: ({ out }, args) => simulatePostback(args, out),
});

const LIST_FLAGS = ['--wall', '--user', '--txid', '--outcome', '--limit'] as const;
const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 500;

export type ListArgs = { wall?: string; email?: string; txid?: string; outcome?: CallbackOutcome; limit: number };

export function parseListArgs(args: readonly string[]): ListArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    if (!(LIST_FLAGS as readonly string[]).includes(flag)) throw new UsageError(`unknown option "${flag}"`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
  }
  const wall = values.get('--wall')?.toLowerCase();
  if (wall !== undefined && !WALL_SLUG.test(wall)) throw new UsageError(`"${wall}" is not a wall slug`);
  const email = values.has('--user') ? parseEmail(values.get('--user')) : undefined;
  const outcome = values.get('--outcome')?.toLowerCase();
  if (outcome !== undefined && !(CALLBACK_OUTCOMES as readonly string[]).includes(outcome)) {
    throw new UsageError(`"${outcome}" is not an outcome; use one of ${CALLBACK_OUTCOMES.join(', ')}`);
  }
  const limitText = values.get('--limit') ?? String(DEFAULT_LIST_LIMIT);
  if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIST_LIMIT) {
    throw new UsageError(`--limit must be a number from 1 to ${MAX_LIST_LIMIT}`);
  }
  const txid = values.get('--txid');
  return { wall, email, txid, outcome: outcome as CallbackOutcome | undefined, limit: Number(limitText) };
}

export const postbacksList = defineCommand({
  name: 'postbacks:list',
  usage: 'postbacks:list [--wall <wall>] [--user <email>] [--txid <txid>] [--outcome <outcome>] [--limit <n>]',
  summary: `lists the stored raw postback callbacks, newest first, with what became of each (default ${DEFAULT_LIST_LIMIT} rows)`,
  reason: 'none',
  // The terminal's table leaves out the raw query, body and headers; --json has them.
  auditsReads: 'with-json',
  parse: parseListArgs,
  async run(context, args) {
    const { db, out } = context;
    let userId: number | undefined;
    if (args.email !== undefined) userId = (await userConcerned(context, args.email)).id;
    const records = await listCallbacks(db, { wall: args.wall, userId, txid: args.txid, outcome: args.outcome, limit: args.limit });
    if (records.length === 0) {
      out.line('No callbacks match.');
      return [];
    }
    printCallbacks(out, records);
    out.line('');
    out.line(`${countLine(records.length, args.limit, ['callback', 'callbacks'])}; --json has the raw query, body and headers`);
    return records.map(callbackResult);
  },
});

/** A console stand-in for the server's logger: warnings are worth a line, the rest is noise here. */
function opsLogger(out: OpsOutput): FastifyBaseLogger {
  const say = (level: string) => (first: unknown, second?: unknown) => {
    const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    out.line(`(${level}: ${message})`);
  };
  const quiet = () => undefined;
  const logger = { level: 'warn', fatal: say('fatal'), error: say('error'), warn: say('warn'), info: quiet, debug: quiet, trace: quiet, silent: quiet, child: () => logger };
  return logger as unknown as FastifyBaseLogger;
}

const signedDollars = (coins: number) => `${coins < 0 ? '-' : ''}${coinsToDollarString(Math.abs(coins))}`;

/** What a replay booked on the live feed reaches: pages that load it; open pages are told only about wallets. */
const nobodyListening = { publishLead: async () => {} };

export const postbacksReplay = defineCommand({
  name: 'postbacks:replay',
  usage: 'postbacks:replay <id> --reason <text>',
  summary: 're-runs a stored callback through the same checks and booking (idempotent: an accepted one changes nothing)',
  reason: 'required',
  parse: (args) => {
    if (args.length !== 1 || !/^[1-9]\d{0,14}$/.test(args[0]!)) throw new UsageError('postbacks:replay takes the id of a stored callback (see postbacks:list) and --reason <text>');
    return { id: Number(args[0]) };
  },
  async run(context, { id }) {
    // Everything below runs on context.db, the command's transaction: the replay's booking, its own stored
    // callback and the audit row commit together (on PGlite any other handle would wait for it forever).
    const { db, out } = context;
    const record = await findCallback(db, id);
    if (!record) throw new OpsError(`No stored callback #${id} (pruned after POSTBACK_LOG_DAYS, or never received).`);
    const owner = record.userId === null ? undefined : await findUserById(db, record.userId);
    if (owner) context.concerns(owner);
    if (record.truncated) throw new OpsError(`Callback #${id} was stored shortened (a refused callback keeps 2 KB of each part): it cannot be replayed as it was received.`);

    const config = loadConfig();
    const walls = wallsConfigOf(config);
    const request = requestOfRecord(record, { secret: wallSecret(walls, record.wall), publicUrl: config.publicUrl });
    const handled = await handleCallback({ db, log: opsLogger(out), holds: config.earningHolds }, { walls, replayOf: record.id }, request);
    // What the audit log keeps for good: no raw text (it may hold the user's address; the log of callbacks is pruned).
    const result = {
      replayed_id: record.id,
      wall: record.wall,
      txid: record.txid,
      user_id: record.userId,
      record_id: handled.recordId ?? null,
      outcome: handled.outcome,
      status_code: handled.statusCode,
      reason: handled.reason,
      amount: signedDollars(handled.coins),
      amount_coins: handled.coins,
    };
    if (handled.outcome === 'refused' || handled.outcome === 'malformed' || handled.outcome === 'failed') {
      // Nothing was booked, and the transaction rolls back: the audit log keeps the attempt and this reason.
      throw new OpsError(`The replay of #${record.id} was not booked: ${handled.outcome} (HTTP ${handled.statusCode}) ${handled.reason}`, result);
    }
    const { wallets, lead, notifications } = handled.announcements;
    if (lead) await publishFeedEntry({ db, realtime: nobodyListening }, feedEntryOf(lead), false);
    await context.tellWallets(wallets.map((wallet) => wallet.userId));
    context.notified(notifications);
    out.line(`Replayed #${record.id} as #${handled.recordId ?? '?'}: ${handled.outcome} (HTTP ${handled.statusCode}) ${handled.reason}`);
    return result;
  },
});
