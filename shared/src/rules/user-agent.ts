/** Browser and operating system of a User-Agent header, in words people know: "Chrome on Windows". */

type Rule = readonly [name: string, pattern: RegExp];

// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
const BROWSERS: readonly Rule[] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera|OPiOS)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|CriOS|Chromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

// iPad and iPhone before macOS (an iPad may say "Mac OS X"), Android before Linux.
const SYSTEMS: readonly Rule[] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const find = (rules: readonly Rule[], userAgent: string) => rules.find(([, pattern]) => pattern.test(userAgent))?.[0];

export const UNKNOWN_BROWSER = 'an unknown browser';

/** The browser and the system a User-Agent names, each undefined when it names none we know. */
export function userAgentParts(userAgent: string | null | undefined): { browser?: string; system?: string } {
  const text = (userAgent ?? '').slice(0, 1000);
  return { browser: find(BROWSERS, text), system: find(SYSTEMS, text) };
}

/** How a device reads in a language: the words around the names (the names themselves are the same everywhere). */
export type DeviceWords = { browserOnSystem(browser: string, system: string): string; unknown: string };

const ENGLISH_DEVICE_WORDS: DeviceWords = { browserOnSystem: (browser, system) => `${browser} on ${system}`, unknown: UNKNOWN_BROWSER };

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "macOS"; "an unknown browser" when it says nothing we know. */
export function describeUserAgent(userAgent: string | null | undefined, words: DeviceWords = ENGLISH_DEVICE_WORDS): string {
  const { browser, system } = userAgentParts(userAgent);
  if (browser && system) return words.browserOnSystem(browser, system);
  return browser ?? system ?? words.unknown;
}
