import type { Page } from 'playwright-core';
import { useBrowser, siteUrl } from '../src/browser';
import { globalSiteDataDir, opsCommand } from '../src/ops';
import { signUpThroughApi, openSignedInPage, markDocument, isSameDocument } from '../src/users';

const browser = useBrowser();

const nav = (page: Page) => page.getByRole('banner');
const balanceLink = (page: Page, dollars: string) => nav(page).getByRole('link', { name: `Balance: ${dollars}`, exact: true });

describe('operators work on the running site (issue 12)', () => {
  it('pnpm ops users:credit from another process: the open page shows the new balance without a reload, and pnpm ops audit shows it with its reason', async () => {
    // The site of the global setup, started as `pnpm start` starts it, on the embedded database.
    const url = siteUrl();
    const dataDir = globalSiteDataDir();
    const user = await signUpThroughApi(url);
    const { context, page, errors } = await openSignedInPage(browser(), user);

    await page.goto('/Earn');
    await balanceLink(page, '$0.00').waitFor();
    await markDocument(page);

    const credit = await opsCommand(['users:credit', user.email, '3', '--reason', 'goodwill'], dataDir);
    expect(credit).toMatchObject({ code: 0, stdout: `Credited $3.00 to ${user.email} (goodwill); the balance is now $3.00.\n` });
    await balanceLink(page, '$3.00').waitFor();
    expect(await isSameDocument(page)).toBe(true);

    const audit = await opsCommand(['audit', '--user', user.email], dataDir);
    expect(audit.code).toBe(0);
    const [header, , row] = audit.stdout.split('\n');
    expect(header).toMatch(/^id\s+when\s+operator\s+kind\s+command\s+arguments\s+reason\s+user\s+outcome\s+result$/);
    expect(row).toMatch(new RegExp(`\\se2e-operator\\s+change\\s+users:credit\\s+${user.email}\\s3\\s+goodwill\\s+${user.email}\\s+done\\s+amount=3\\.00 balance=3\\.00`));

    // Blocked while the page is open: the next call answers 403 and the page says so (spec §8).
    const block = await opsCommand(['users:status', user.email, 'blocked', '--reason', 'chargeback fraud'], dataDir);
    expect(block.code).toBe(0);
    await balanceLink(page, '$3.00').click();
    await page.getByRole('alertdialog', { name: 'Your account has been blocked.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
