import { randomBytes } from 'node:crypto';
import { coinsToPayout, genericPostbackQuery } from '../src/modules/walls/adapters/generic';
import { POSTBACK_SECRET } from './server';

/** What a browser sends with every API call (it always accepts compressed answers). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export type BenchUser = { id: number; email: string; token: string; referralCode: string };

let visitors = 0;

async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(rest.headers as Record<string, string> | undefined) },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The address of the bench's n-th visitor (the server trusts the loopback's X-Forwarded-For). */
export const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A new account, signed up from `address` (each user its own by default). */
export async function signUp(base: string, referralCode?: string, address = visitorAddress(++visitors)): Promise<BenchUser> {
  const password = 'bench password 1';
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const response = await call(`${base}/api/user/Register`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
    json: {
      name: 'Bench User',
      email,
      password,
      password_confirmation: password,
      ...(referralCode ? { referral_code: referralCode } : {}),
    },
  });
  const token = /auth_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  const { data } = (await response.json()) as { data: { user: { id: number; referral_code: string } } };
  if (!token) throw new Error('sign-up set no auth_token cookie');
  return { id: data.user.id, email, token, referralCode: data.user.referral_code };
}

export type Conversion = { userId: number; txid: string; coins: number; offerId: string; eventId: string };

/** The path of a signed credit postback of the demo wall (the generic format). */
export function creditPath(conversion: Conversion): string {
  const query = genericPostbackQuery(POSTBACK_SECRET, {
    user_id: String(conversion.userId),
    offer_id: conversion.offerId,
    event_id: conversion.eventId,
    txid: conversion.txid,
    payout: coinsToPayout(conversion.coins),
    status: '1',
  });
  return `/api/postback/demo?${query}`;
}

/** Catalog offers and their events, as postbacks name them ('' for a conversion outside the catalog). */
export async function catalogTargets(base: string): Promise<Array<{ offerId: string; eventId: string }>> {
  const response = await call(`${base}/api/Offers/Get`, { method: 'POST', json: {} });
  const { data } = (await response.json()) as { data: Array<{ offer_id: string }> };
  return [{ offerId: '', eventId: '' }, ...data.map((offer) => ({ offerId: offer.offer_id, eventId: '' }))];
}

export async function postback(base: string, conversion: Conversion): Promise<void> {
  await call(`${base}${creditPath(conversion)}`);
}

/** Verifies the user's email with the code mailed at sign-up (a first cashout needs it). */
export async function verifyEmail(base: string, user: BenchUser, code: string): Promise<void> {
  await call(`${base}/api/user/verify-email`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, json: { code } });
}

export async function cashOut(base: string, user: BenchUser, dollars: number): Promise<void> {
  await call(`${base}/api/Cashout/Store`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': randomBytes(8).toString('hex') },
    json: { wallet: 'paypal', amount: dollars, account: 'bench@example.com' },
  });
}

/** The user's balance as Profile shows it, available and held (pending_wallet) together, in coins. */
export async function walletCoins(base: string, user: BenchUser): Promise<number> {
  const response = await call(`${base}/api/user/Profile`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
  const { data } = (await response.json()) as { data: { wallet: string; pending_wallet?: string } };
  return Math.round((Number(data.wallet) + Number(data.pending_wallet ?? 0)) * 1000);
}

export function newTxid(): string {
  return `bench-${randomBytes(8).toString('hex')}`;
}

export const REFERRER_ADDRESS = visitorAddress(0);

/**
 * signUp's referral code and address for the n-th user of a referrer who signed up from REFERRER_ADDRESS: one
 * user in five was referred, half of those from the referrer's own address (flagged as a self-referral, its 5 %
 * withheld until an operator decides), the other half from their own (their credits pay the referrer at once).
 */
export function referredOrNot(index: number, referrer: BenchUser): [string | undefined, string?] {
  if (index % 5 !== 0) return [undefined];
  return index % 10 === 0 ? [referrer.referralCode, REFERRER_ADDRESS] : [referrer.referralCode];
}
