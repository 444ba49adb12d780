import { isIP } from 'node:net';
import { dollarsToCoins } from '@rewards/shared/rules/money';

/**
 * Readers of one environment variable's text. Each returns the value or throws InvalidValue with the words
 * that follow the variable's name ("must be …") or a detail (": "x" is not …); the schema adds the name.
 * Messages never repeat a value that may hold a secret (URLs with passwords, keys, tokens).
 */
export class InvalidValue extends Error {}

/** A fixed window: at most `max` hits per `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

const WINDOW_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

export function readPort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new InvalidValue(`must be a port number (0-65535), got "${text}"`);
  return port;
}

const FLAG_VALUES: Record<string, boolean> = { '1': true, true: true, yes: true, on: true, '0': false, false: false, no: false, off: false };

/** 1/0, true/false, yes/no, on/off. */
export function readFlag(text: string): boolean {
  const flag = FLAG_VALUES[text.toLowerCase()];
  if (flag === undefined) throw new InvalidValue(`must be on or off (1/0, true/false, yes/no), got "${text}"`);
  return flag;
}

/** A whole number of at least 1 (at most `digits` digits). */
export function readCount(text: string, digits = 15): number {
  if (!new RegExp(`^\\d{1,${digits}}$`).test(text) || Number(text) < 1) throw new InvalidValue(`must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

/** A whole number of 0 or more (at most `digits` digits). */
export function readWholeNumber(text: string, digits = 15): number {
  if (!new RegExp(`^\\d{1,${digits}}$`).test(text)) throw new InvalidValue(`must be a whole number of 0 or more, got "${text}"`);
  return Number(text);
}

/** Percentage points from 0 to 100 (at most 2 decimals), as a fraction: "2" → 0.02, "0.5" → 0.005. */
export function readPercentagePoints(text: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) throw new InvalidValue(`must be percentage points from 0 to 100 like 2 or 0.5, got "${text}"`);
  return Math.round(Number(text) * 100) / 10_000;
}

/** A share from 0 to 1, e.g. "0.25" (at most 4 decimals). */
export function readSampleRate(text: string): number {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(text)) throw new InvalidValue(`must be a share from 0 to 1 such as 0.1, got "${text}"`);
  return Number(text);
}

/** A positive dollar amount (at most 3 decimals) as integer coins, e.g. "500" → 500000. */
export function readDollars(text: string): number {
  const coins = dollarsToCoins(text);
  if (coins === null || coins <= 0) throw new InvalidValue(`must be a positive amount of dollars like 500 or 99.50, got "${text}"`);
  return coins;
}

export function readOneOf<T extends string>(choices: readonly T[]): (text: string) => T {
  return (text) => {
    const choice = choices.find((item) => item === text.toLowerCase());
    if (choice === undefined) throw new InvalidValue(`must be one of ${choices.join(', ')}, got "${text}"`);
    return choice;
  };
}

/** A URL with one of the given schemes; the text is not repeated in the message (it may hold a password). */
export function readUrl(schemes: readonly string[]): (text: string) => string {
  return (text) => {
    let protocol: string;
    try {
      protocol = new URL(text).protocol;
    } catch {
      throw new InvalidValue(`must be a URL like ${schemes[0]}://host`);
    }
    if (!schemes.includes(protocol.slice(0, -1))) throw new InvalidValue(`must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`);
    return text;
  };
}

/** The proxy-addr names of address ranges, usable in TRUST_PROXY. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY: off (0/false), true (every hop), a hop count, or comma-separated addresses, ranges and proxy-addr names. */
export function readTrustProxy(text: string): boolean | number | string {
  if (['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  if (/^\d{1,3}$/.test(text)) return Number(text);
  for (const entry of text.split(',').map((item) => item.trim())) {
    if (!isAddressOrRange(entry) && !NAMED_RANGES.includes(entry)) {
      throw new InvalidValue(`: "${entry}" is not a hop count, an IP address, a CIDR range or one of ${NAMED_RANGES.join(', ')}`);
    }
  }
  return text;
}

/** POSTBACK_IPS_<WALL>: comma-separated addresses or CIDR ranges, or `any` (an empty list: from anywhere). */
export function readAddressList(text: string): string[] {
  if (text.toLowerCase() === 'any') return [];
  const entries = text.split(',').map((item) => item.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) throw new InvalidValue(`: "${entry}" is not an IP address or CIDR range (or use "any")`);
  }
  return entries;
}

/** A wall's slug: its lowercase partner name, letters and digits (it is also an env variable suffix). */
export const WALL_SLUG = /^[a-z0-9]{1,32}$/;

/** POSTBACK_SECRETS: `demo:xxx,offery:yyy`. */
export function readWallSecrets(text: string): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const colon = part.indexOf(':');
    if (colon < 1) throw new InvalidValue(': expected wall:secret pairs separated by commas, like demo:xxx,offery:yyy');
    const wall = part.slice(0, colon).trim().toLowerCase();
    const secret = part.slice(colon + 1).trim();
    if (!WALL_SLUG.test(wall)) throw new InvalidValue(`: "${wall}" is not a wall slug (lowercase letters and digits)`);
    if (secret === '') throw new InvalidValue(`: the secret of wall "${wall}" is empty`);
    secrets[wall] = secret;
  }
  return secrets;
}

/** `40/10s`: at most 40 per 10 seconds (units s, m, h); undefined when the text is not one. */
export function readWindow(text: string): RateLimit | undefined {
  const match = /^(\d{1,9})\/(\d{1,9})([smh])$/.exec(text);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) return undefined;
  return { max: Number(match[1]), windowMs: Number(match[2]) * (WINDOW_UNITS_MS[match[3] ?? 's'] ?? 1000) };
}

export function formatWindow({ max, windowMs }: RateLimit): string {
  const [unit, ms] = Object.entries(WINDOW_UNITS_MS).reverse().find(([, size]) => windowMs % size === 0) ?? ['s', 1000];
  return `${max}/${windowMs / ms}${unit}`;
}

/** `off`, or comma-separated `name=max/window` overriding some of `defaults` (names are those of the defaults). */
export function readRateLimits<T extends Record<string, RateLimit>>(text: string, defaults: T): T | 'off' {
  if (text.toLowerCase() === 'off') return 'off';
  const limits: Record<string, RateLimit> = { ...defaults };
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name = '', windowText = ''] = part.split('=');
    const window = readWindow(windowText);
    if (!Object.hasOwn(defaults, name) || !window) {
      throw new InvalidValue(
        `: cannot read "${part}"; expected off or name=max/window with name one of ${Object.keys(defaults).join(', ')} and window like 60s, 1m or 1h`,
      );
    }
    limits[name] = window;
  }
  return limits as T;
}

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000 } as const;

/** `4s-9s`, `500ms-2s`, or one duration (`7s`) for a fixed gap. */
export function readDurationRange(text: string): { min: number; max: number } {
  const [minText = '', maxText = minText, ...rest] = text.split('-').map((part) => part.trim());
  const min = readDuration(minText);
  const max = readDuration(maxText);
  if (rest.length > 0 || min === undefined || max === undefined || min <= 0 || min > max) {
    throw new InvalidValue(`must be a duration or a range like 4s-9s (units ms, s, m), got "${text}"`);
  }
  return { min, max };
}

function readDuration(text: string): number | undefined {
  const match = /^(\d{1,9})(ms|s|m)$/.exec(text);
  return match ? Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS] : undefined;
}

/** A token an operator can type and a header can carry: 24 to 200 URL-safe characters. */
export const OPS_TOKEN_FORMAT = /^[A-Za-z0-9._~+/=-]{24,200}$/;

export function readOpsToken(text: string): string {
  if (!OPS_TOKEN_FORMAT.test(text)) throw new InvalidValue('must be 24 to 200 characters of letters, digits and ._~+/=- (e.g. openssl rand -base64 32)');
  return text;
}

/**
 * When an offer credit is held before it can be cashed out (EARNING_HOLDS). Operator credits and accepted
 * tickets are never held. A credit takes the longest hold of the rules it meets.
 */
export type EarningHolds = {
  /** A single credit of at least `minCoins` is held `days`. */
  largeCredit: { minCoins: number; days: number } | undefined;
  /**
   * A user more than `percent` % of whose credits of the last 90 days (REVERSAL_WINDOW_DAYS of modules/holds) were reversed (at least
   * `minReversals` of them) has every credit held `days`.
   */
  reversals: { percent: number; minReversals: number; days: number } | undefined;
  /** Wall slug → days every credit of that wall is held (default 0). */
  walls: Readonly<Record<string, number>>;
};

export const NO_HOLDS: EarningHolds = Object.freeze({ largeCredit: undefined, reversals: undefined, walls: Object.freeze({}) });

export const DEFAULT_EARNING_HOLDS_TEXT = 'large_credit=10.00/7d,reversals=10%/5/14d';

const MAX_DAYS = 365;

function readDays(text: string, part: string): number {
  const match = /^(\d{1,3})d$/.exec(text);
  const days = match ? Number(match[1]) : NaN;
  if (!match || days > MAX_DAYS) throw new InvalidValue(`: "${part}" needs a number of days like 7d (0d to ${MAX_DAYS}d)`);
  return days;
}

/**
 * `off`, or comma-separated rules: `large_credit=<dollars>/<days>d`, `reversals=<percent>%/<min reversals>/<days>d`
 * and `<wall slug>=<days>d`. A rule left out is off (`0d` too); `off` holds nothing.
 */
export function readEarningHolds(text: string): EarningHolds {
  if (text.trim().toLowerCase() === 'off') return NO_HOLDS;
  let largeCredit: EarningHolds['largeCredit'];
  let reversals: EarningHolds['reversals'];
  const walls: Record<string, number> = {};
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name = '', value = '', ...rest] = part.split('=');
    if (rest.length > 0 || value === '') throw new InvalidValue(`: cannot read "${part}"; expected name=value`);
    if (name === 'large_credit') {
      const [dollars = '', days = '', ...extra] = value.split('/');
      const minCoins = dollarsToCoins(dollars);
      if (extra.length > 0 || minCoins === null || minCoins <= 0) throw new InvalidValue(`: "${part}" must look like large_credit=10.00/7d`);
      const held = readDays(days, part);
      largeCredit = held > 0 ? { minCoins, days: held } : undefined;
    } else if (name === 'reversals') {
      const [percentText = '', minText = '', days = '', ...extra] = value.split('/');
      const percent = /^\d{1,2}(\.\d{1,2})?%$/.test(percentText) ? Number(percentText.slice(0, -1)) : NaN;
      const minReversals = /^\d{1,4}$/.test(minText) ? Number(minText) : NaN;
      if (extra.length > 0 || !(percent > 0) || !(minReversals >= 1)) throw new InvalidValue(`: "${part}" must look like reversals=10%/5/14d`);
      const held = readDays(days, part);
      reversals = held > 0 ? { percent, minReversals, days: held } : undefined;
    } else if (/^[a-z0-9]{1,32}$/.test(name)) {
      const held = readDays(value, part);
      if (held > 0) walls[name] = held;
    } else {
      throw new InvalidValue(`: "${name}" is not large_credit, reversals or a wall slug (lowercase letters and digits)`);
    }
  }
  return { largeCredit, reversals, walls };
}
