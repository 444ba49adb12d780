import type { Browser, Page } from 'playwright-core';
import { assertNoCspViolations, launchBrowser, openPage, takeCspViolations } from '../src/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function violationsAfter(page: Page, act: () => Promise<unknown>): Promise<string[]> {
  await act();
  // Console messages reach the test a moment after the page reports them.
  for (let waited = 0; waited < 5000; waited += 100) {
    await page.waitForTimeout(100);
    const seen = takeCspViolations();
    // Chromium reports a refusal twice (its console line and the page's event), not always in the same moment.
    if (seen.length > 0) return [...seen, ...(await page.waitForTimeout(500).then(takeCspViolations))];
  }
  return [];
}

describe('the CSP guard every end-to-end test runs under', () => {
  it('serves the landing with the site policy and no violation', async () => {
    const { context, page } = await openPage(browser);
    const response = await page.goto('/');
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('unsafe-inline');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  });

  it('sees an injected inline script refused, and fails the test it happened in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const seen = await violationsAfter(page, () =>
      page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.head.append(script);
      }),
    );
    expect(seen.join('\n')).toMatch(/script-src/);
    // The policy is enforced, not only reported.
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();

    // What the afterEach of every test does with a violation: it throws, so the test fails.
    await page.evaluate(() => document.head.append(Object.assign(document.createElement('script'), { textContent: '2' })));
    await page.waitForTimeout(500);
    expect(() => assertNoCspViolations()).toThrow(/Content-Security-Policy violations in the browser:[\s\S]*script-src/);
    await context.close();
  });

  it('sees an image from an unlisted host and an injected <style> refused', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const images = await violationsAfter(page, () =>
      page.evaluate(() => document.body.append(Object.assign(document.createElement('img'), { src: 'http://elsewhere.invalid/pixel.png' }))),
    );
    expect(images.join('\n')).toMatch(/img-src/);
    const styles = await violationsAfter(page, () =>
      page.evaluate(() => document.head.append(Object.assign(document.createElement('style'), { textContent: 'body { color: red }' }))),
    );
    expect(styles.join('\n')).toMatch(/style-src/);
    await context.close();
  });

  it('refuses a frame of ours that is not a partner wall', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const frames = await violationsAfter(page, () =>
      page.evaluate(() => document.body.append(Object.assign(document.createElement('iframe'), { src: '/api/health' }))),
    );
    expect(frames.join('\n')).toMatch(/frame-src/);
    await context.close();
  });
});
