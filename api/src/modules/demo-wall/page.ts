import { coinsToDollarString } from '@rewards/shared/rules/money';

/**
 * The demo offer wall: one self-contained HTML page (inline CSS, no script, nothing from elsewhere), shown
 * in the site's sandboxed frame. Each task is a plain form that POSTs to /api/walls/<slug>/complete.
 */

/** What the page may load and do; the frame has no same-origin, forms go back to us only. */
export function demoWallCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type WallTask = { eventId: string; name: string; payoutCoins: number; done: boolean };
export type WallOffer = { offerId: string; name: string; title: string; imageUrl: string; payoutCoins: number; tasks: WallTask[] };
export type WallBanner = { kind: 'success' | 'error' | 'info'; text: string };

export type WallPage = {
  slug: string;
  title: string;
  /** The user tasks are credited to; null for a visitor (no buttons). */
  userId: number | null;
  /** Why there are no buttons, when there is a user id we cannot credit. */
  userProblem?: string;
  /** The offer the page is about ('' for a selection of offers). */
  focusOfferId: string;
  offers: WallOffer[];
  banner?: WallBanner;
};

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

const STYLE = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;padding:16px;background:#0b1020;color:#e6e9f2;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
header{display:flex;align-items:baseline;justify-content:space-between;gap:12px;flex-wrap:wrap;margin-bottom:12px}
h1{font-size:20px;margin:0}
.who{color:#a3acc2;font-size:13px;margin:0}
.note{color:#a3acc2;font-size:13px;margin:0 0 14px}
.banner{border-radius:10px;padding:10px 14px;margin:0 0 14px;font-weight:600}
.success{background:#0f3d2a;color:#4ade80;border:1px solid #22c55e}
.error{background:#3d1418;color:#fca5a5;border:1px solid #ef4444}
.info{background:#172042;color:#c7d2fe;border:1px solid #6366f1}
.offers{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.offer{background:#141b33;border:1px solid #232c4d;border-radius:14px;padding:14px}
.head{display:flex;gap:12px;align-items:center;margin-bottom:10px}
.head img{width:48px;height:48px;border-radius:10px;flex:none}
.name{font-weight:700;margin:0}
.title{color:#a3acc2;font-size:13px;margin:0}
.total{margin-left:auto;color:#4ade80;font-weight:700;font-variant-numeric:tabular-nums}
ol{list-style:none;margin:0;padding:0;display:grid;gap:8px}
li{display:flex;align-items:center;gap:10px;background:#0f1530;border-radius:10px;padding:8px 10px}
.task{flex:1}
.pay{color:#4ade80;font-variant-numeric:tabular-nums;font-weight:600}
form{margin:0}
button{background:#22c55e;color:#052e16;border:0;border-radius:8px;padding:7px 12px;font:inherit;font-weight:700;cursor:pointer}
button:hover,button:focus-visible{background:#4ade80;outline:2px solid #bbf7d0;outline-offset:2px}
.done{color:#4ade80;font-weight:700}
.empty{color:#a3acc2}
@media (prefers-reduced-motion:no-preference){button{transition:background .15s}}
`;

function taskRow(page: WallPage, offer: WallOffer, task: WallTask): string {
  const action =
    task.done
      ? '<span class="done">Done &#10003;</span>'
      : page.userId === null || page.userProblem
        ? ''
        : `<form method="post" action="/api/walls/${escapeHtml(page.slug)}/complete">
<input type="hidden" name="user_id" value="${escapeHtml(page.userId)}">
<input type="hidden" name="offer_id" value="${escapeHtml(offer.offerId)}">
<input type="hidden" name="event_id" value="${escapeHtml(task.eventId)}">
<input type="hidden" name="return_offer" value="${escapeHtml(page.focusOfferId)}">
<button type="submit" aria-label="Complete ${escapeHtml(task.name)} (${escapeHtml(dollars(task.payoutCoins))})">Complete</button>
</form>`;
  return `<li><span class="task">${escapeHtml(task.name)}</span><span class="pay">${escapeHtml(dollars(task.payoutCoins))}</span>${action}</li>`;
}

function offerCard(page: WallPage, offer: WallOffer): string {
  return `<section class="offer" aria-label="${escapeHtml(offer.name)}">
<div class="head"><img src="${escapeHtml(offer.imageUrl)}" alt="" width="48" height="48">
<div><p class="name">${escapeHtml(offer.name)}</p><p class="title">${escapeHtml(offer.title)}</p></div>
<span class="total">${escapeHtml(dollars(offer.payoutCoins))}</span></div>
<ol>${offer.tasks.map((task) => taskRow(page, offer, task)).join('\n')}</ol>
</section>`;
}

function whoLine(page: WallPage): string {
  if (page.userProblem) return page.userProblem;
  if (page.userId === null) return 'Sign in to earn: tasks are credited to the signed-in user.';
  return `Earning as user #${page.userId}`;
}

export function renderWallPage(page: WallPage): string {
  const banner = page.banner ? `<p class="banner ${page.banner.kind}" role="status">${escapeHtml(page.banner.text)}</p>` : '';
  const offers = page.offers.length
    ? `<div class="offers">${page.offers.map((offer) => offerCard(page, offer)).join('\n')}</div>`
    : '<p class="empty">No offers on this wall right now. Check back later!</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(page.title)} · demo offer wall</title><style>${STYLE}</style></head>
<body><main>
<header><h1>${escapeHtml(page.title)}</h1><p class="who">${escapeHtml(whoLine(page))}</p></header>
<p class="note">Demo wall: each Complete sends this site a signed postback, exactly as a partner would.</p>
${banner}
${offers}
</main></body></html>
`;
}
