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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    env: { ...process.env, TMPDIR: mkdtempSync(path.join(os.tmpdir(), 'earnly-chromium-')) },
  });
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

/** A fresh browser context (its own cookies and storage) and page, collecting page errors. */
export async function openPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: siteUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
