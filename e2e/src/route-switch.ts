import type { Browser, Page } from 'playwright-core';

/** A page a signed-in user switches to, the header link that leads there and its page's heading. */
export type SwitchTarget = { path: string; heading: string; linkWithin: string };

const MAIN_NAV = 'header nav[aria-label="Main"]';
export const EARN: SwitchTarget = { path: '/Earn', heading: 'Earn', linkWithin: MAIN_NAV };
export const CASHOUT: SwitchTarget = { path: '/Cashout', heading: 'Cashout', linkWithin: MAIN_NAV };
// The header's account link (avatar and first name) is its one link to /Profile.
export const PROFILE: SwitchTarget = { path: '/Profile', heading: 'Profile', linkWithin: 'header' };

/** How the remotes the user switches to got into the browser before the first switch. */
export type SwitchStart =
  /** Nothing ahead of the click but what the pointer on the link starts (the shell's idle preload turned off by Save-Data). */
  | 'no-idle-preload'
  /** The signed-in page settled and the shell's idle preload of the nav's remotes finished (their files and code). */
  | 'after-idle-preload';

/** `frames`: the animation frames from the click to the first with the heading (1: the very next frame). */
export type SwitchTiming = { from: string; to: string; visit: 'first' | 'again'; ms: number; frames: number };

/**
 * The walk every run takes from /Earn: each remote is first visited once, then again.
 * /Earn → /Cashout → /Earn → /Profile → /Earn → /Cashout → /Earn → /Profile.
 */
const WALK: SwitchTarget[] = [CASHOUT, EARN, PROFILE, EARN, CASHOUT, EARN, PROFILE];

/**
 * Opens /Earn signed in (a fresh context: a cold cache), then clicks the header's links as a user would along
 * WALK and times each switch in the page: from the click's event until the target page's heading is laid out
 * (checked every animation frame, so up to one frame late). The shell's route-change overlay (spec §2, 500 ms)
 * dims the page meanwhile; the heading is there under it.
 */
export async function measureRouteSwitches(browser: Browser, baseUrl: string, authToken: string, start: SwitchStart): Promise<SwitchTiming[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name: 'auth_token', value: authToken, url: baseUrl }]);
    // The shell preloads nothing at idle on a Save-Data connection; this is how a run sees the page without it.
    if (start === 'no-idle-preload') await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const page = await context.newPage();
    await page.goto(EARN.path);
    await headingOf(page, EARN).waitFor();
    if (start === 'after-idle-preload') await untilIdlePreloaded(page);
    const timings: SwitchTiming[] = [];
    const visited = new Set<string>([EARN.path]);
    let from = EARN;
    for (const to of WALK) {
      const { ms, frames } = await timeSwitch(page, to);
      timings.push({ from: from.path, to: to.path, visit: visited.has(to.path) ? 'again' : 'first', ms, frames });
      visited.add(to.path);
      from = to;
      // The next click comes once this page is done loading, as a reading user's would.
      await page.waitForLoadState('networkidle');
    }
    return timings;
  } finally {
    await context.close();
  }
}

function headingOf(page: Page, target: SwitchTarget) {
  return page.locator('main h1', { hasText: new RegExp(`^${target.heading}$`) });
}

/**
 * Waits until the shell's idle preload has fetched the files of the remotes behind /Cashout and /Profile and then
 * run their code (their containers are on the page: load + 2 s, then load + ~10 s), and the network rests.
 */
async function untilIdlePreloaded(page: Page): Promise<void> {
  await page.waitForFunction(() => 'mf_cashout' in window && 'mf_account' in window, undefined, { timeout: 40_000, polling: 250 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
}

async function timeSwitch(page: Page, to: SwitchTarget): Promise<{ ms: number; frames: number }> {
  // The watch starts before the click; it stamps the click's own event and the first frame with the heading.
  // (`void`: Playwright would wait for a promise the expression gave back.)
  await page.evaluate(`void (window.switchWatch = (${watchForHeading})(${JSON.stringify(to.heading)}))`);
  await page.locator(`${to.linkWithin} a[href="${to.path}"]`).click();
  const { ms, frames } = (await page.evaluate('window.switchWatch')) as { ms: number; frames: number };
  await headingOf(page, to).waitFor();
  return { ms: Math.round(ms), frames };
}

// Sent to the page as text: a function Playwright serialises itself would carry the helpers tsx adds to name functions.
const watchForHeading = `function (heading) {
  return new Promise(function (resolve, reject) {
    var clickedAt = null;
    var frames = 0;
    document.addEventListener('click', function (event) { clickedAt = event.timeStamp; }, { capture: true, once: true });
    var deadline = performance.now() + 20000;
    function check() {
      var shown = Array.prototype.some.call(document.querySelectorAll('main h1'), function (h1) {
        return h1.textContent === heading && h1.getBoundingClientRect().height > 0;
      });
      if (clickedAt !== null) frames += 1;
      if (shown && clickedAt !== null) resolve({ ms: performance.now() - clickedAt, frames: frames });
      else if (performance.now() > deadline) reject(new Error('The heading ' + heading + ' did not show within 20 s of the click'));
      else requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  });
}`;
