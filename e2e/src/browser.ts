import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags this machine's headless Chromium needs (its network is closed to everything but localhost). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A Chromium whose every context (browser.newContext, browser.newPage) reports Content-Security-Policy
 * violations to the guard: a test that triggers one fails (see csp-guard.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    env: { ...process.env, TMPDIR: mkdtempSync(path.join(os.tmpdir(), 'earnly-chromium-')) },
  });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() goes through newContext too.
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchForCspViolations(context);
    return context;
  };
  return browser;
}

const cspViolations: string[] = [];
const CSP_REPORT = /Content[- ]Security[- ]Policy|securitypolicyviolation/i;

async function watchForCspViolations(context: BrowserContext): Promise<void> {
  // Chromium logs each refusal to the console ("Refused to … because it violates the following Content
  // Security Policy directive"); the event, logged by the page itself, also names frames and workers.
  context.on('console', (message) => {
    if (CSP_REPORT.test(message.text())) cspViolations.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} in ${event.documentURI}`);
    });
  });
}

/** The CSP violations reported since the last call, forgotten once taken. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Throws, listing them, when any page reported a CSP violation since the last look. */
export function assertNoCspViolations(): void {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations in the browser:\n${seen.map((line) => `  - ${line}`).join('\n')}`);
}

/** The site started by the global setup. */
export function siteUrl(): string {
  const file = path.join(__dirname, '..', '.site.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { url: string }).url;
}

export function siteLogFile(): string {
  const file = path.join(__dirname, '..', '.site.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { logFile: string }).logFile;
}

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** The test file's browser: launched before its first test, closed after its last. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll; use it inside tests');
    return browser;
  };
}

/**
 * A fresh browser context (its own cookies and storage) and page, collecting page errors; on the site of
 * the global setup unless `baseUrl` names another.
 */
export async function openPage(browser: Browser, viewport: Viewport = DESKTOP, baseUrl: string = siteUrl()): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Waits until React's page has replaced the prerendered first screen of `/`: until then its buttons are
 * painted but do nothing, and sections that load on scroll are not there yet.
 */
export async function untilPrerenderReplaced(page: Page): Promise<void> {
  await page.locator('[data-prerendered-path], [data-prerendered]').first().waitFor({ state: 'detached' });
}
