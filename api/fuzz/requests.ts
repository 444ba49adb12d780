import fc from 'fast-check';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { DEVICE_COOKIE } from '../src/modules/account/known-devices';
import { md5, signPusherRequest } from '../src/modules/realtime/signature';
import { genericPostbackQuery } from '../src/modules/walls/adapters/generic';
import type { FuzzRoute } from './routes';

/** Yesterday (UTC): a completion date a report accepts. */
const TICKET_DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const TICKETS_URL = '/api/tickets';

/** A request as the fuzzer sends it. `bodyLimited`: the body is over every body limit, so 413 is the answer. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  bodyLimited: boolean;
  /** The route it was made for (or `random path`), for the report. */
  route: string;
  /** Sent this many times at once (races: one email registered twice, one cashout key used twice). */
  copies: number;
};

/** A registered user whose session and details requests may carry, so deep paths are reached. */
/** `device`: the signed `device_id` cookie of the browser it signed up in (not held by its wrong-password limit). */
/**
 * `verified`: the user's email is verified (a first cashout needs it). `adminCookie`: this identity is an admin of the
 * staff console with a fresh second factor and its console cookie.
 */
export type FuzzIdentity = { userId: number; token: string; email: string; password: string; device: string; verified: boolean; adminCookie?: string };

/** The origin of `app.inject()` requests (Host localhost:80): the console's writes need it. */
const SITE_ORIGIN = 'http://localhost';

/** What the staff console's page sends: both cookies, and its own Origin. */
function consoleHeaders(user: FuzzIdentity): Record<string, string> {
  return { cookie: `${AUTH_COOKIE}=${user.token}; admin_session=${user.adminCookie ?? ''}`, origin: SITE_ORIGIN };
}

export type FuzzContext = {
  routes: FuzzRoute[];
  identities: FuzzIdentity[];
  /** The key the local walls sign with (the demo wall credits through signed postbacks). */
  postbackSecret: string;
  /** The realtime credentials, to sign requests to the Pusher HTTP events API so they get past the signature. */
  pusher: { appId: string; key: string; secret: string };
};

/** Over the largest body limit of the app (Fastify's 1 MiB default). */
export const HUGE_BODY_BYTES = 1024 * 1024 + 512;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'SEARCH', 'LOCK', 'MKCOL'];

/** Text that has broken parsers before: numbers at the edges, escapes, control and bidi characters, keys of Object. */
const NASTY_STRINGS = [
  '', ' ', '0', '-0', '1', '-1', '1e308', '-1e308', '1e309', '1e-400', 'NaN', 'Infinity', '-Infinity', '0x10', '1_000', '9007199254740993',
  '99999999999999999999999', '0.1', '1.005', '1.999', '00001', '+1', '١٢٣', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'valueOf', 'null', 'undefined', 'true', '[]', '{}', '%', '%zz', '%E0%A4%A', '%00', '\u0000', '\u0001\u0002\u001b[31m', '\r\n', '\t',
  '\u202e\u2066evil', '\u200b', '\ufeff', '\ud800', '\udfff', '😀', 'é', 'ß', 'İ', 'Ⅻ', '<script>alert(1)</script>', "' or 1=1 --", '"; drop table users; --',
  '../../../../etc/passwd', '..%2f..%2f', '/', '\\', 'a'.repeat(300), 'x'.repeat(5000), 'pat@example.com', 'a@b', '@', 'A'.repeat(64) + '@example.com',
  '123.456', 'private-user-1', 'private-user-', 'fake-leads', 'paypal', 'PayPal', 'bitcoin', 'weekly', 'monthly', 'all', 'day', 'dragon-forge-legends',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^-?\d{1,20}(\.\d{0,8})?(e[+-]?\d{1,4})?$/) },
);

/** JSON as text, built by hand so keys like `__proto__` survive and numbers can be ones JSON.stringify never writes. */
type JsonTree = { text: string };
const raw = (text: string): JsonTree => ({ text });
const quoted = (text: string) => JSON.stringify(text);

const jsonNumber = fc.oneof(
  fc.constantFrom('1e308', '-1e308', '1e309', '-0', '0', '0.1', '1.005', '9007199254740993', '-1', '1e-400', '123456789012345678901234567890', '4.99', '5'),
  fc.double().filter(Number.isFinite).map((value) => String(value)),
  fc.integer().map(String),
);
const jsonLeaf: fc.Arbitrary<JsonTree> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map((text) => raw(quoted(text))) },
  { weight: 2, arbitrary: jsonNumber.map(raw) },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null').map(raw) },
);
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'isAdmin', 'role', 'balance', 'id', 'user_id', ''];

const jsonValue: fc.Arbitrary<JsonTree> = fc.letrec<{ value: JsonTree }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonLeaf,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => raw(`[${items.map((item) => item.text).join(',')}]`)),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })), tie('value')), { maxLength: 4 })
      .map((entries) => raw(`{${entries.map(([key, value]) => `${quoted(key)}:${value.text}`).join(',')}}`)),
  ),
})).value;

/** Pollution attempts, as a client would send them. */
const POLLUTION = [
  '"__proto__":{"isAdmin":true,"balance_coins":999999}',
  '"constructor":{"prototype":{"isAdmin":true}}',
  '"__proto__":null',
  '"__proto__":"x"',
  '"hasOwnProperty":1',
  '"toString":"x"',
];

function plausibleValues(field: string, identities: FuzzIdentity[]): fc.Arbitrary<JsonTree> {
  const identity = identities.length > 0 ? fc.constantFrom(...identities) : fc.constant(undefined);
  const text = (values: fc.Arbitrary<string>) => values.map((value) => raw(quoted(value)));
  switch (field) {
    case 'email':
      return fc.oneof(identity.map((user) => raw(quoted(user?.email ?? 'pat@example.com'))), text(fc.emailAddress()));
    case 'password':
    case 'password_confirmation':
    case 'current_password':
    case 'new_password':
      return fc.oneof(identity.map((user) => raw(quoted(user?.password ?? 'correct horse 1'))), text(fc.constantFrom('correct horse 1', 'short', 'x'.repeat(200))));
    case 'wallet':
      return text(fc.constantFrom('paypal', 'PayPal', ' paypal ', 'bitcoin', 'litecoin', 'amazon', 'visa', 'steam'));
    case 'amount':
      return fc.oneof(text(fc.constantFrom('1', '5', '1.00', '0.5', '1e308', '-0', 'NaN', '1.999', '4.99', '  3 ')), jsonNumber.map(raw));
    case 'account':
      return text(fc.constantFrom('pat@example.com', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'x\ny'));
    case 'socket_id':
      return text(fc.constantFrom('123.456', '1.1', '99999999999999999999.1'));
    case 'channel_name':
      return fc.oneof(identity.map((user) => raw(quoted(`private-user-${user?.userId ?? 1}`))), text(fc.constantFrom('fake-leads', 'private-user-0', 'private-encrypted-x')));
    case 'code':
    case 'otp':
    case 'step_up_code':
      return text(fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('abcde-fghjk', 'ABCDE FGHJK', '', ' ', '0'.repeat(33), '12345\u0000')));
    case 'challenge':
      return text(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.constantFrom('', 'x', '../../etc', 'a'.repeat(101), '%00')));
    case 'offer_id':
      return text(fc.constantFrom('dragon-forge-legends', 'solitaire-voyage', 'no-such-offer'));
    case 'name':
      return text(fc.constantFrom('Ada Lovelace', 'Ada\u202eevil', 'Ada\u0000', ' ', 'A'.repeat(300)));
    case 'text':
    case 'details':
      return text(fc.constantFrom('I finished it yesterday, no coins.', '', ' ', 'x'.repeat(2001), 'a\u0000b', '\u001b[2J', '<script>alert(1)</script>'));
    case 'wall':
      return text(fc.constantFrom('notik', 'demo', 'offery', 'NOTIK', 'nosuchwall', '', '__proto__'));
    case 'offer_name':
      return text(fc.constantFrom('Castle Quest', '', 'a\nb', 'n'.repeat(201), '\u202eevil'));
    case 'completed_at':
      return text(fc.constantFrom(TICKET_DAY, '2025-02-30', '1700000000', '9999-12-31', '', 'yesterday'));
    case 'ids':
      return fc.oneof(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom(0, -1, 2 ** 53, 1.5)), { maxLength: 120 }).map((ids) => raw(`[${ids.join(',')}]`)),
        fc.constantFrom('[]', '["1"]', '[null]', '"1"', '{"0":1}').map(raw),
      );
    case 'all':
    case 'cashouts':
    case 'tickets':
    case 'security':
      return fc.constantFrom('true', 'false', '"true"', '1', 'null').map(raw);
    default:
      return text(fc.constantFrom('1', 'a', 'dragon-forge-legends'));
  }
}

/** A body for a route that reads `fields`: mostly JSON objects of its fields, plus the malformed and the huge. */
function bodyFor(fields: string[], identities: FuzzIdentity[]): fc.Arbitrary<{ body?: string; contentType?: string; huge: boolean }> {
  const names = [...fields, 'extra', 'x'];
  const field = fc.constantFrom(...names).chain((name) =>
    fc.oneof({ weight: 3, arbitrary: plausibleValues(name, identities) }, { weight: 2, arbitrary: jsonValue }).map((value) => `${quoted(name)}:${value.text}`),
  );
  const jsonObject = fc
    .tuple(fc.uniqueArray(field, { maxLength: names.length + 1, selector: (entry) => entry.slice(0, entry.indexOf('":') + 1) }), fc.option(fc.constantFrom(...POLLUTION)))
    .map(([entries, pollution]) => `{${[...entries, ...(pollution ? [pollution] : [])].join(',')}}`);
  // Every field with a plausible value (a new email half of the time), so validation passes and handlers work.
  const complete = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[a-z]{4,12}$/), fc.boolean())
    .map(([fresh, local, second]) => {
      const named = fields.filter((name) => !ONE_OF.some((pair) => pair.includes(name) && pair.every((other) => fields.includes(other)) && name === pair[second ? 0 : 1]));
      return `{${named.map((name) => `${quoted(name)}:${name === 'email' && fresh ? quoted(`${local}@example.com`) : plausibleText(name, identities)}`).join(',')}}`;
    });
  const malformed = fc.oneof(
    fc.constantFrom('{', '}', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', '"unterminated', 'nul', 'tru', '01', '-', '1e', '{"a":1}{"b":2}', '\ufeff{}', '{"a":"\\u00"}', '{"a":"\\ud800"}', '', ' ', 'null', '[]', '0', '"x"', 'NaN', '-0', '1e308'),
    jsonObject.map((text) => text.slice(0, Math.max(1, text.length - 1))),
    fc.nat({ max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.nat({ max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/json; charset=latin1',
    'application/json; charset="',
    'application/json;;;',
    'application/vnd.api+json',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----fuzz',
    'multipart/form-data',
    'application/octet-stream',
    'application/xml',
    '*/*',
    'application/json, text/plain',
    ';',
    'x',
  );
  const form = fc
    .array(fc.tuple(fc.constantFrom(...names, '__proto__', 'a[b]', 'x[]'), nastyString), { maxLength: 6 })
    .map((pairs) => pairs.map(([name, value]) => `${encodeUtf8(name)}=${encodeUtf8(value)}`).join('&'));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ huge: false }) },
    { weight: 6, arbitrary: jsonObject.map((body) => ({ body, contentType: 'application/json', huge: false })) },
    { weight: 3, arbitrary: complete.map((body) => ({ body, contentType: 'application/json', huge: false })) },
    { weight: 3, arbitrary: fc.tuple(malformed, fc.option(contentType)).map(([body, type]) => ({ body, contentType: type ?? 'application/json', huge: false })) },
    { weight: 2, arbitrary: fc.tuple(fc.oneof(jsonObject, form, malformed), contentType).map(([body, type]) => ({ body, contentType: type, huge: false })) },
    { weight: 1, arbitrary: fc.constant({ body: '', contentType: 'application/json', huge: false }) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":"', '[', 'a=').map((start) => ({ body: start + 'x'.repeat(HUGE_BODY_BYTES), contentType: 'application/json', huge: true })) },
  );
}

/** Fields of which a valid body names only one (the read call: ids or all). */
const ONE_OF: ReadonlyArray<readonly [string, string]> = [['ids', 'all']];

/** JSON values (not strings) that pass validation. */
const PLAUSIBLE_JSON: Record<string, string> = { ids: '[1,2,3]', all: 'true', cashouts: 'false', tickets: 'true', security: 'false' };

/** One plausible value of a field as JSON text (a request that passes validation reaches the handler). */
function plausibleText(field: string, identities: FuzzIdentity[]): string {
  if (PLAUSIBLE_JSON[field] !== undefined) return PLAUSIBLE_JSON[field];
  const user = identities[0];
  const values: Record<string, string> = {
    email: user?.email ?? 'pat@example.com',
    password: user?.password ?? 'correct horse 1',
    password_confirmation: user?.password ?? 'correct horse 1',
    wallet: 'paypal',
    amount: '1',
    account: 'pat@example.com',
    name: 'Ada Lovelace',
    socket_id: '123.456',
    channel_name: `private-user-${user?.userId ?? 1}`,
    offer_id: 'dragon-forge-legends',
    text: 'Any news about my ticket?',
    // Sent along but not needed (a small cashout from the sign-up browser), a code costs nothing.
    step_up_code: '123456',
    reason: 'fuzz check',
    status: 'active',
    decision: 'approve',
    role: 'support',
    reference: 'FUZZ-REF-1',
    language: 'de',
  };
  return quoted(values[field] ?? 'x');
}

/** A path parameter's value: real ones, hostile ones, raw malformed escapes. */
const pathValue = fc.oneof(
  fc.constantFrom('demo', 'offery', 'bitlabs', 'ayetstudios', 'cpx', 'nosuchwall', 'Demo', 'rewards-dev', 'offer-1.png', 'dragon-forge-legends.webp', 'x.svg'),
  // Ticket ids: real-looking ones (the fuzz users' own, or someone else's), and numbers no id is.
  fc.constantFrom('1', '2', '3', '0', '-1', '1.5', '1e3', '0x10', '9007199254740993', '99999999999999999999', '01'),
  fc.constantFrom('..', '%2e%2e', '%2e%2e%2fetc%2fpasswd', '%00', '%', '%zz', '%E0%A4%A', '%F0%9F%98', 'a'.repeat(2000), '__proto__', 'constructor', '%20', '.', '~', ';', ':x'),
  nastyString.map(encodeUtf8),
);

const SITE_PATHS = ['', 'index.html', 'earn', 'cashout/', 'mf-marketing/remoteEntry.js', 'shell/../../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', 'a'.repeat(3000), '%', '%00', 'favicon.ico', '.git/config', 'assets//x',
  // The content files (/api/content/*) and names that only look like one.
  'faq.json', 'pages/terms.json', 'pages/../faq.json', 'pages%2Fterms.json', '__proto__', 'constructor', 'landing.json%00'];

function urlOf(route: FuzzRoute): fc.Arbitrary<string> {
  const segments = route.url.split('/');
  const params = segments.map((segment) =>
    segment.startsWith(':') ? pathValue : segment.includes('*') ? fc.constantFrom(...SITE_PATHS).map((rest) => segment.replace('*', rest)) : fc.constant(segment),
  );
  return fc.tuple(...params).map((parts) => parts.join('/'));
}

/** Names some handler reads from a query (postbacks, sign-in callbacks, the events API) though no schema says so. */
const QUERY_NAMES = ['user_id', 'offer_id', 'event_id', 'txid', 'payout', 'status', 'sig', 'uid', 'tx', 'val', 'type', 'hash', 'transaction_id', 'currency_amount', 'is_chargeback', 'code', 'state', 'error', 'ref', 'next', 'auth_key', 'auth_timestamp', 'auth_version', 'auth_signature', 'body_md5'];

/** Cursors of the earnings history as the API writes them (opaque base64url of a row id): row 1, and ids no row has. */
const EARNINGS_CURSORS = ['1', '2', '9007199254740991', '99999999999999999'].map((id) => Buffer.from(`e${id}`, 'utf8').toString('base64url'));

function queryOf(route: FuzzRoute): fc.Arbitrary<string> {
  const names = [
    ...route.queryFields, ...QUERY_NAMES, 'page', 'per_page', 'period', 'limit', 'cursor', '__proto__', '__proto__[isAdmin]', 'constructor[prototype][x]', 'a[b]', 'x[]', ''];
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), nastyString), fc.oneof(nastyString, fc.constantFrom('1', '2', '50', '0', ...EARNINGS_CURSORS)), fc.boolean(), fc.boolean());
  return fc.array(pair, { maxLength: 8 }).map((pairs) =>
    pairs.map(([name, value, rawText, bare]) => (bare ? escapeForUrl(name, rawText) : `${escapeForUrl(name, rawText)}=${escapeForUrl(value, rawText)}`)).join('&'),
  );
}

/** Encoded, or "raw": only what a request line cannot hold is escaped, so malformed escapes like `%zz` get through. */
function escapeForUrl(text: string, rawText: boolean): string {
  if (!rawText) return encodeUtf8(text);
  return text.replace(/[^\x21-\x7e]|[#?&=]/g, (character) => encodeUtf8(character));
}

/** encodeURIComponent that takes any string: lone surrogates go out as the bytes Node would send (U+FFFD). */
export function encodeUtf8(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.!~*'()]/.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A header value a real HTTP parser lets through: visible ASCII, spaces, tabs and Latin-1 bytes. */
const headerText = nastyString.map((text) => text.replace(/[^\t\x20-\x7e]/g, (character) => (character.charCodeAt(0) >= 0xa0 && character.charCodeAt(0) <= 0xff ? character : '?')));

function authHeaders(identities: FuzzIdentity[]): fc.Arbitrary<Record<string, string>> {
  const identity = identities.length > 0 ? fc.constantFrom(...identities) : fc.constant(undefined);
  const randomToken = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._~+/=-]{0,120}$/), headerText, fc.constantFrom('', 'null', 'undefined', 'a.b.c', '.', 'x'.repeat(4000)));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: identity.map((user): Record<string, string> => (user ? { authorization: `Bearer ${user.token}` } : {})) },
    { weight: 2, arbitrary: identity.map((user): Record<string, string> => (user ? { cookie: `${AUTH_COOKIE}=${user.token}` } : {})) },
    { weight: 2, arbitrary: randomToken.map((token) => ({ authorization: `Bearer ${token}` })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Basic ', 'bearer ', 'Bearer', 'Token ', '', 'Bearer  '), randomToken).map(([scheme, token]) => ({ authorization: scheme + token })) },
    { weight: 2, arbitrary: randomToken.map((token) => ({ cookie: `${AUTH_COOKIE}=${token}` })) },
    { weight: 1, arbitrary: headerText.map((cookie) => ({ cookie })) },
    // The language cookie: a real locale, the development pseudo-language, or anything a browser might send.
    { weight: 1, arbitrary: fc.tuple(identity, fc.oneof(fc.constantFrom('de', 'pt-BR', 'en-XA', 'DE', '', '__proto__'), headerText)).map(([user, lang]) => ({ cookie: `lang=${lang}${user ? `; ${AUTH_COOKIE}=${user.token}` : ''}`, 'accept-language': lang })) },
    { weight: 1, arbitrary: fc.tuple(identity, randomToken).map(([user, token]) => ({ cookie: `${AUTH_COOKIE}=${token}; ${AUTH_COOKIE}=${user?.token ?? ''}; =; ;;`, authorization: `Bearer ${token}` })) },
    // Sign-in's known browsers: a real device cookie (maybe another account's), or a forged or garbage one.
    { weight: 1, arbitrary: identity.map((user): Record<string, string> => (user ? { cookie: `${DEVICE_COOKIE}=${user.device}` } : {})) },
    { weight: 1, arbitrary: fc.tuple(identity, randomToken).map(([user, token]) => ({ cookie: `${DEVICE_COOKIE}=${token}; ${DEVICE_COOKIE}=${user?.device ?? ''}` })) },
    { weight: 1, arbitrary: identity.map((user): Record<string, string> => (user ? { cookie: `${DEVICE_COOKIE}=${user.device.split('.')[0]}.forged` } : {})) },
  );
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.tuple(
      fc.constantFrom('x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', 'idempotency-key', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'origin', 'referer', 'accept', 'accept-language', 'user-agent', 'x-ayetstudios-security-hash', 'x-pusher-key', 'forwarded', 'host'),
      fc.oneof(headerText, fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999999-', 'bytes=0-1,2-3,4-5,6-7', 'bytes=x', '*', 'W/"x"', 'br;q=NaN, gzip;q=1e308', 'deflate, identity;q=0', '1.2.3.4, ::1, garbage', '::ffff:1.2.3.4', 'https', '[::1]:99999', 'Thu, 01 Jan 1970 00:00:00 GMT')),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => Object.fromEntries(pairs.filter(([name, value]) => !(name === 'host' && value.trim() === ''))));

/** A postback the demo wall accepts (right signature), for a real user: it books ledger rows. Txids repeat on purpose. */
function signedPostback(context: FuzzContext): fc.Arbitrary<string> {
  const user = context.identities.length > 0 ? fc.constantFrom(...context.identities) : fc.constant(undefined);
  return fc
    .record({
      user,
      txid: fc.oneof(fc.stringMatching(/^fuzz-[a-z0-9]{1,6}$/), fc.constantFrom('fuzz-1', 'fuzz-2')),
      payout: fc.oneof(fc.stringMatching(/^\d{1,2}(\.\d{1,3})?$/), fc.constantFrom('0', '0.001', '999999999', '10000.001')),
      status: fc.constantFrom('1', '1', '2') as fc.Arbitrary<'1' | '2'>,
      offer: fc.constantFrom('dragon-forge-legends', 'x', ''),
    })
    .map(({ user: target, txid, payout, status, offer }) =>
      `/api/postback/demo?${genericPostbackQuery(context.postbackSecret, { user_id: String(target?.userId ?? 1), offer_id: offer, event_id: '', txid, payout, status })}`,
    );
}

/** A multipart/form-data body by hand (text only: the fuzzer's bodies are strings, sent as UTF-8). */
function multipartText(boundary: string, parts: ReadonlyArray<{ name: string; value: string; filename?: string; type?: string }>, { close = true } = {}): string {
  const body = parts
    .map(({ name, value, filename, type }) => {
      const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
      return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
    })
    .join('');
  return close ? `${body}--${boundary}--\r\n` : body;
}

/** A report as a careful client sends it: a wall's offer completed yesterday, no screenshot. */
function carefulReport(seed: string): { body: string; contentType: string } {
  const boundary = `----fuzz-${seed}`;
  const body = multipartText(boundary, [
    { name: 'wall', value: 'notik' },
    { name: 'offer_name', value: `Fuzz Quest ${seed}` },
    { name: 'completed_at', value: TICKET_DAY },
    { name: 'details', value: 'I finished it yesterday and got nothing.' },
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Hostile reports to POST /api/tickets: fields of the wrong kind, repeated, huge or named like prototype keys, a
 * file that lies about its type, two files, a form cut short or without its boundary, a content length that
 * announces more than a screenshot.
 */
function ticketReport(context: FuzzContext): fc.Arbitrary<OneRequest> {
  const identity = context.identities.length > 0 ? fc.constantFrom(...context.identities) : fc.constant(undefined);
  const fieldName = fc.constantFrom('offer_id', 'wall', 'offer_name', 'completed_at', 'details', 'screenshot', '__proto__', 'constructor', 'x', '');
  const fieldValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('notik', 'dragon-forge-legends', 'Castle Quest', TICKET_DAY, 'I finished it yesterday and got nothing.') },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(17 * 1024), 'y'.repeat(2001)) },
  );
  const file = fc.record({
    name: fc.constantFrom('screenshot', 'screenshot', 'other', '__proto__'),
    value: fc.constantFrom('GIF89a', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'RIFF\u0000\u0000\u0000\u0000WAVE', '', 'not an image'),
    filename: fc.constantFrom('proof.png', 'proof.jpg', '../../etc/passwd', 'a"b.png', ''),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'text/html', 'application/json'),
  });
  const part = fc.oneof({ weight: 4, arbitrary: fc.record({ name: fieldName, value: fieldValue }) }, { weight: 1, arbitrary: file });
  const valid = [
    { name: 'wall', value: 'notik' },
    { name: 'offer_name', value: 'Castle Quest' },
    { name: 'completed_at', value: TICKET_DAY },
    { name: 'details', value: 'I finished it yesterday and got nothing.' },
  ];
  return fc
    .record({
      user: identity,
      parts: fc.oneof(fc.array(part, { maxLength: 8 }), fc.array(part, { maxLength: 3 }).map((extra) => [...valid, ...extra])),
      boundary: fc.constantFrom('----fuzz', 'x', 'a'.repeat(71)),
      shape: fc.constantFrom('whole', 'whole', 'cut', 'no boundary', 'wrong boundary', 'huge length'),
    })
    .map(({ user, parts, boundary, shape }): OneRequest => {
      let body = multipartText(boundary, parts, { close: shape !== 'cut' });
      if (shape === 'cut') body = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
      const contentType = shape === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${shape === 'wrong boundary' ? 'other' : boundary}`;
      const headers: Record<string, string> = { 'content-type': contentType, ...(user ? { authorization: `Bearer ${user.token}` } : {}) };
      if (shape === 'huge length') headers['content-length'] = String(50 * 1024 * 1024);
      return { method: 'POST', url: TICKETS_URL, headers, body, bodyLimited: false, route: `${TICKETS_URL} (multipart)` };
    });
}

type OneRequest = Omit<FuzzRequest, 'copies'>;

/** What a careful signed-in client sends to a route: its own method, every field with a plausible value. */
function carefulRequest(route: FuzzRoute, user: FuzzIdentity | undefined, emailLocalPart: string, identities: FuzzIdentity[]): OneRequest {
  const method = route.methods.includes('POST') ? 'POST' : (route.methods[0] ?? 'GET');
  if (route.url === TICKETS_URL && method === 'POST') {
    const { body, contentType } = carefulReport(emailLocalPart);
    return { method, url: route.url, headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), 'content-type': contentType }, body, bodyLimited: false, route: route.url };
  }
  if (route.url.startsWith('/api/admin/')) return consoleRequest(route, method, identities);
  const valueOf = (name: string) => (name === 'email' && route.url.endsWith('Register') ? quoted(`${emailLocalPart}@example.com`) : plausibleText(name, identities));
  // Of fields a body names one only (ONE_OF), the first.
  const fields = route.bodyFields.filter((name) => !ONE_OF.some(([first, second]) => name === second && route.bodyFields.includes(first)));
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? `{${fields.map((name) => `${quoted(name)}:${valueOf(name)}`).join(',')}}` : undefined;
  return {
    method,
    url: route.url.replace(/:[A-Za-z]+/g, 'demo').replace('*', ''),
    headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
    bodyLimited: false,
    route: route.url,
  };
}

/** A staff console request as its page sends it, by the admin identity, about the first identity (ids 1). */
function consoleRequest(route: FuzzRoute, method: string, identities: FuzzIdentity[]): OneRequest {
  const admin = identities.find((identity) => identity.adminCookie);
  const other = identities.find((identity) => !identity.adminCookie);
  const valueOf = (name: string) => (name === 'email' ? quoted(other?.email ?? 'pat@example.com') : plausibleText(name, identities));
  const body = method === 'POST' ? `{${route.bodyFields.map((name) => `${quoted(name)}:${valueOf(name)}`).join(',')}}` : undefined;
  return {
    method,
    url: route.url.replace(/:[A-Za-z_]+/g, String(other?.userId ?? 1)),
    headers: { ...(admin ? consoleHeaders(admin) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
    bodyLimited: false,
    route: route.url,
  };
}

/** One careful request per route, sent before the random ones: every run reaches each handler's work at least once. */
export function carefulSweep(context: FuzzContext, seed: number): FuzzRequest[] {
  // Signing out or deleting one of the users here would take the session other sweep requests run with.
  const endsSession = (url: string) => /logout|DeleteAccount/i.test(url);
  // Verified users first, so that the sweep's cashout is not stopped by the first-cashout gate.
  const users = [...context.identities].sort((a, b) => Number(b.verified) - Number(a.verified));
  return context.routes.map((route, index) => {
    const user = endsSession(route.url) ? undefined : users[index % Math.max(1, Math.ceil(users.length / 2))];
    return { ...carefulRequest(route, user, `sweep${seed}x${index}`, context.identities), copies: 1 };
  });
}

/** A request to the Pusher HTTP events API, correctly signed, with a hostile event in it: it reaches the broker. */
function signedEvent(context: FuzzContext): fc.Arbitrary<OneRequest> {
  const channel = fc.oneof(fc.constantFrom('fake-leads', 'private-user-1', 'presence-x', '__proto__', '#', ''), nastyString);
  const event = fc.record(
    {
      name: fc.oneof(fc.constantFrom('wallet.updated', 'pusher:error', 'client-x'), nastyString),
      data: fc.oneof(nastyString, fc.constant('x'.repeat(11_000)), jsonValue.map((value) => value.text)),
      channel,
      channels: fc.array(channel, { maxLength: 3 }),
      socket_id: nastyString,
    },
    { requiredKeys: [] },
  );
  const valid = fc.tuple(nastyString, fc.constantFrom('fake-leads', 'private-user-1', 'other')).map(([data, name]) => JSON.stringify({ name: 'fuzz', data, channel: name }));
  const body = fc.oneof({ weight: 4, arbitrary: event.map((value) => JSON.stringify(value)) }, { weight: 2, arbitrary: valid }, { weight: 1, arbitrary: jsonValue.map((value) => value.text) });
  return body.map((text): OneRequest => {
    const { appId, key, secret } = context.pusher;
    const path = `/apps/${appId}/events`;
    const params: Record<string, string> = { auth_key: key, auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0', body_md5: md5(text) };
    params.auth_signature = signPusherRequest('POST', path, params, secret);
    return { method: 'POST', url: `${path}?${new URLSearchParams(params)}`, headers: { 'content-type': 'application/json' }, body: text, bodyLimited: false, route: '/apps/:appId/events (signed)' };
  });
}

/** Any request: mostly to a known route with its own methods, sometimes to made-up paths and methods. */
export function fuzzRequest(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { routes, identities } = context;
  const routed = fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        method: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...route.methods) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
        path: urlOf(route),
        query: fc.option(queryOf(route), { freq: 2 }),
        auth: authHeaders(identities),
        extra: extraHeaders,
        body: bodyFor(route.bodyFields, identities),
      })
      .map(({ method, path, query, auth, extra, body }): OneRequest => ({
        method,
        url: query === null ? path : `${path}?${query}`,
        headers: { ...extra, ...auth, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        ...(body.body === undefined ? {} : { body: body.body }),
        bodyLimited: body.huge,
        route: route.url,
      })),
  );
  // Requests a careful client would send, from a signed-in user: they get past validation into the handlers' work.
  const plausible = fc
    .tuple(fc.constantFrom(...routes), identities.length > 0 ? fc.constantFrom(...identities) : fc.constant(undefined), fc.stringMatching(/^[a-z]{4,12}$/))
    .map(([route, user, local]) => carefulRequest(route, user, local, identities));
  const made = fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: fc.array(fc.oneof(pathValue, fc.constantFrom('api', 'app', 'apps', 'user', 'Cashout', 'postback', '', 'walls')), { maxLength: 5 }),
      auth: authHeaders(identities),
    })
    .map(({ method, path, auth }): OneRequest => ({ method, url: `/${path.join('/')}`, headers: auth, bodyLimited: false, route: 'random path' }));
  const postback = fc.tuple(signedPostback(context), fc.constantFrom('GET', 'POST')).map(([url, method]): OneRequest => ({ method, url, headers: {}, bodyLimited: false, route: '/api/postback/:wall (signed)' }));
  const single = fc.oneof(
    { weight: 12, arbitrary: routed },
    { weight: 2, arbitrary: plausible },
    { weight: 1, arbitrary: made },
    { weight: 2, arbitrary: postback },
    { weight: 1, arbitrary: signedEvent(context) },
    { weight: 1, arbitrary: ticketReport(context) },
  );
  return fc.tuple(single, fc.oneof({ weight: 15, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 6 }) })).map(([request, copies]) => ({ ...request, copies }));
}
