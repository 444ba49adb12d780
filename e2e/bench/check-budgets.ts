// The budgets CI keeps: each package's `budget.json` (owned by its team) caps its initial JS and the compressed
// JS of the pages it owns. Measures the built site (remotes from their dist, pages in Chromium with a cold
// cache, the median of 3 loads), prints each figure against its budget, and exits 1 when one grows past it. Also
// exits 1 when the shell's page scripts (what every visitor's first page fetches) mention the staff console.
import path from 'node:path';
import {
  BUDGETED_PACKAGES,
  compareWithBudgets,
  findConsoleInShellPage,
  initialJsBytes,
  readBudget,
  type Measured,
} from '@rewards/tools/budget/budgets';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/src/i18n/locales';
import { launchBrowser } from '../src/browser';
import { measurePageJs, medianBy, type PageJs } from '../src/page-js';
import { repositoryRoot, startSite, stopSite } from '../src/site';
import { signUpThroughApi, verifyEmailThroughApi } from '../src/users';

const LOADS_PER_PAGE = 3;

async function main() {
  const consoleLeaks = findConsoleInShellPage(path.join(repositoryRoot, 'shell', 'dist'));
  for (const { file, marker, excerpt } of consoleLeaks) console.log(`shell/dist/${file} mentions "${marker}": …${excerpt}…`);

  const budgets = BUDGETED_PACKAGES.map((name) => ({ name, budget: readBudget(path.join(repositoryRoot, name)) }));
  const measured: Measured[] = budgets.map(({ name, budget }) => ({
    label: `${name} initial JS`,
    budgetKB: budget.initialJsKB,
    actualBytes: initialJsBytes(name, path.join(repositoryRoot, name, 'dist')),
  }));

  // The scripts of each page's median load, printed for a page over its budget: what grew, or what loaded only this time.
  const scriptsOf = new Map<string, PageJs['scripts']>();
  const pages = budgets.flatMap(({ name, budget }) => Object.entries(budget.pages ?? {}).map(([page, pageBudget]) => ({ name, page, ...pageBudget })));
  if (pages.length) {
    const site = await startSite();
    const browser = await launchBrowser();
    try {
      // The usual signed-in user, whose email is verified: the banner asking for the code (mf-account's, loaded
      // only until then) is not part of the page.
      const session = pages.some((page) => page.signedIn) ? await signUpThroughApi(site.url) : null;
      if (session) await verifyEmailThroughApi(site.url, session, site.logFile);
      for (const { name, page, signedIn, compressedJsKB } of pages) {
        const loads: PageJs[] = [];
        for (let load = 0; load < LOADS_PER_PAGE; load += 1) loads.push(await measurePageJs(browser, site.url, page, signedIn ? session!.token : null));
        const medianLoad = medianBy(loads, (load) => load.jsCompressedBytes);
        const label = `${name} page ${page}${signedIn ? ' (signed in)' : ''}`;
        scriptsOf.set(label, medianLoad.scripts);
        measured.push({ label, budgetKB: compressedJsKB, actualBytes: medianLoad.jsCompressedBytes });
        // A visitor's page keeps its budget in every language (its messages and content are per language).
        if (signedIn) continue;
        for (const language of LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)) {
          const { jsCompressedBytes, scripts } = await measurePageJs(browser, site.url, page, null, { language });
          const label = `${name} page ${page} (${language})`;
          scriptsOf.set(label, scripts);
          measured.push({ label, budgetKB: compressedJsKB, actualBytes: jsCompressedBytes });
        }
      }
    } finally {
      await browser.close();
      await stopSite(site);
    }
  }

  const { lines, over } = compareWithBudgets(measured);
  console.log(lines.join('\n'));
  for (const { label } of over) {
    console.log(`\n${label}: its scripts (bytes transferred)`);
    for (const { url, compressed } of scriptsOf.get(label) ?? []) console.log(`  ${String(compressed).padStart(7)}  ${new URL(url).pathname}`);
  }
  if (over.length) console.log(`\n${over.length} over budget. Make it smaller, or raise the figure in that package's budget.json (its team's call).`);
  if (consoleLeaks.length) console.log("\nThe staff console is named in a script every visitor's page loads (above): keep it in chunks only staff load.");
  if (over.length || consoleLeaks.length) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
