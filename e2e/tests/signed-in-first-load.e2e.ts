import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from '../src/browser';
import { newTestUser, signUpThroughApi, useSession } from '../src/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("a signed-in page's first load (the session's user in the page)", () => {
  it.each(['/Earn', '/Cashout', '/Profile'])(
    'renders %s signed in without asking the API for the session, and a hostile name runs nothing',
    async (path) => {
      const user = await signUpThroughApi(siteUrl(), { ...newTestUser(), name: '</script><script>alert(1)</script>' });
      const { context, page, errors } = await openPage(browser);
      await useSession(context, siteUrl(), user);
      const sessionCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/user/Session') sessionCalls.push(request.url());
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(path);
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      await page.getByRole('banner').getByRole('link', { name: 'Balance: $0.00', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(sessionCalls).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
