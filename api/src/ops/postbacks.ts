import { randomUUID } from 'node:crypto';
import { dollarsToCoins } from '@rewards/shared/rules/money';
import { type Config, loadConfig, WALL_SLUG } from '../config';
import { AYET_HASH_HEADER, ayetSignedString } from '../modules/walls/ayetstudios';
import { POSTBACK_STATUS } from '../modules/walls/generic-postback';
import { POSTBACK_TIMEOUT_MS, signedPostbackUrl } from '../modules/walls/postback-client';
import { wallSecret } from '../modules/walls/registry';
import { hmacHex } from '../modules/walls/signature';
import { signUserLookup, USER_LOOKUP_PATH } from '../modules/walls/user-lookup';
import { defineCommand, OpsError, type OpsOutput, UsageError } from './command';

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
  if (offer === '' && wall !== 'bitlabs') throw new UsageError('--offer <offer id> is needed');
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

/** The request a wall of this kind would send. */
function postbackRequest(base: string, secret: string, args: SimulateArgs, userId: number): { url: string; headers: Record<string, string> } {
  const coins = dollarsToCoins(args.payout)!;
  if (args.wall === 'bitlabs') {
    const params = new URLSearchParams({
      uid: String(userId),
      tx: args.reverse ? `r-${args.txid}` : args.txid,
      val: String(args.reverse ? -coins : coins),
      raw: args.payout,
      type: args.reverse ? 'RECONCILIATION' : 'COMPLETE',
      ref: args.txid,
      offer_id: args.offer,
      task_id: args.event,
    });
    const target = `/api/postback/bitlabs?${params.toString()}`;
    return { url: `${base}${target}&hash=${hmacHex('sha1', secret, `${base}${target}`)}`, headers: {} };
  }
  if (args.wall === 'ayetstudios') {
    const params = new Map<string, string>([
      ['uid', String(userId)],
      ['transaction_id', args.txid],
      ['currency_amount', String(args.reverse ? -coins : coins)],
      ['payout_usd', args.payout],
      ['offer_id', args.offer],
      ['task_id', args.event],
      ['is_chargeback', args.reverse ? '1' : '0'],
    ]);
    const query = ayetSignedString(params);
    return { url: `${base}/api/postback/ayetstudios?${query}`, headers: { [AYET_HASH_HEADER]: hmacHex('sha256', secret, query) } };
  }
  const fields = {
    user_id: String(userId),
    offer_id: args.offer,
    event_id: args.event,
    txid: args.txid,
    payout: args.payout,
    status: args.reverse ? POSTBACK_STATUS.reversal : POSTBACK_STATUS.credit,
  };
  return { url: signedPostbackUrl(base, args.wall, secret, fields), headers: {} };
}

/** Signs a postback with the wall's key from this configuration and sends it to the running server. */
export async function simulatePostback(args: SimulateArgs, out: OpsOutput, config: Config = loadConfig()): Promise<void> {
  const secret = wallSecret({ secrets: config.postbackSecrets, production: config.nodeEnv === 'production' }, args.wall);
  if (secret === null) throw new OpsError(`Wall ${args.wall} has no postback secret in this configuration (POSTBACK_SECRET_${args.wall.toUpperCase()}).`);
  const base = (args.url ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const userId = args.userId ?? (await resolveUserId(base, config, args.email!));
  const { url, headers } = postbackRequest(base, secret, args, userId);
  out.line(`GET ${url}`);
  const answer = await fetchJson(url, { headers });
  out.line(`HTTP ${answer.statusCode} ${answer.text}`);
  if (answer.statusCode !== 200) throw new OpsError(`The postback was refused (HTTP ${answer.statusCode}).`);
  if (!args.reverse) out.line(`txid: ${args.txid} (reverse it with --reverse --txid ${args.txid})`);
}

export const postbackSimulate = defineCommand({
  name: 'postback:simulate',
  usage: 'postback:simulate --wall <wall> (--email <email>|--user <id>) --offer <id> [--event <id>] --payout <dollars> [--txid <id>] [--reverse] [--url <server>]',
  summary: 'signs a postback as the wall would and sends it to the running server (default http://localhost:$PORT)',
  usesDatabase: false,
  parse: parseSimulateArgs,
  async run({ out }, args) {
    await simulatePostback(args, out);
  },
});
