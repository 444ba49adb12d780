/**
 * Our own offer images: a gradient tile with a simple icon and the offer's initials (no third-party
 * marks). Deterministic, so the files in api/assets/offers can be regenerated and checked by a test.
 * Regenerate after changing the sample catalog: `npx tsx src/modules/earn/generate-offer-images.ts`.
 */

export type ArtIcon = 'gamepad' | 'sword' | 'puzzle' | 'car' | 'cards' | 'clipboard' | 'phone' | 'coin' | 'bag' | 'heart' | 'book' | 'play' | 'shield';

// Pairs of gradient colours, dark enough for white to read on (WCAG AA for large text).
const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#0f766e', '#14b8a6'],
  ['#1d4ed8', '#60a5fa'],
  ['#6d28d9', '#a78bfa'],
  ['#be123c', '#fb7185'],
  ['#b45309', '#f59e0b'],
  ['#15803d', '#4ade80'],
  ['#0e7490', '#22d3ee'],
  ['#a21caf', '#e879f9'],
  ['#c2410c', '#fb923c'],
  ['#4338ca', '#818cf8'],
  ['#047857', '#34d399'],
  ['#9f1239', '#f472b6'],
];

// Icons drawn on a 100×100 grid in white; `var(--bg)` marks cut-outs, filled with the tile's colour.
const ICONS: Record<ArtIcon, string> = {
  gamepad:
    '<rect x="10" y="28" width="80" height="44" rx="22"/><g fill="var(--bg)"><rect x="24" y="46" width="20" height="8" rx="2"/><rect x="30" y="40" width="8" height="20" rx="2"/><circle cx="66" cy="44" r="5"/><circle cx="76" cy="56" r="5"/></g>',
  sword:
    '<path d="M70 12h18v18L44 74l-18-18z"/><path d="M22 60l18 18-6 6-6-6-8 8-6-6 8-8-6-6z"/>',
  puzzle:
    '<path d="M18 18h24a9 9 0 1 1 16 0h24v24a9 9 0 1 0 0 16v24H58a9 9 0 1 0-16 0H18V58a9 9 0 1 1 0-16z"/>',
  car: '<path d="M14 58l8-20a8 8 0 0 1 7-5h42a8 8 0 0 1 7 5l8 20v16H14z"/><g fill="var(--bg)"><path d="M28 40h44l5 14H23z"/><circle cx="30" cy="66" r="7"/><circle cx="70" cy="66" r="7"/></g>',
  cards:
    '<rect x="18" y="22" width="40" height="58" rx="6" transform="rotate(-12 38 51)" opacity=".7"/><rect x="42" y="18" width="40" height="58" rx="6"/><path fill="var(--bg)" d="M62 34c-6 8-10 12-10 17a6 6 0 0 0 10 4 6 6 0 0 0 10-4c0-5-4-9-10-17z"/>',
  clipboard:
    '<rect x="20" y="16" width="60" height="72" rx="8"/><rect x="36" y="10" width="28" height="14" rx="5" fill="var(--bg)" stroke="#fff" stroke-width="4"/><g stroke="var(--bg)" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"><path d="M30 40l5 5 9-9M52 41h18M30 62l5 5 9-9M52 63h18"/></g>',
  phone:
    '<rect x="28" y="8" width="44" height="84" rx="10"/><rect x="33" y="18" width="34" height="58" rx="3" fill="var(--bg)"/><circle cx="50" cy="84" r="4" fill="var(--bg)"/>',
  coin: '<circle cx="50" cy="50" r="38"/><circle cx="50" cy="50" r="29" fill="none" stroke="var(--bg)" stroke-width="4"/><path fill="var(--bg)" d="M46 30h8v5c6 1 10 5 10 10h-8c0-2-2-4-6-4s-6 2-6 4 2 3 7 4c8 2 13 4 13 11 0 5-4 9-10 10v5h-8v-5c-7-1-11-5-11-11h8c0 3 3 5 7 5s6-2 6-4-2-3-7-4c-8-2-13-4-13-11 0-5 4-9 10-10z"/>',
  bag: '<path d="M20 36h60l-5 52H25z"/><path d="M36 40V30a14 14 0 0 1 28 0v10" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  heart: '<path d="M50 86L16 52a20 20 0 0 1 34-26 20 20 0 0 1 34 26z"/><path d="M26 50h14l6-10 8 20 6-10h14" fill="none" stroke="var(--bg)" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>',
  book: '<path d="M12 22c14-6 28-6 36 2v62c-8-8-22-8-36-2z"/><path d="M88 22c-14-6-28-6-36 2v62c8-8 22-8 36-2z"/>',
  play: '<circle cx="50" cy="50" r="38"/><path fill="var(--bg)" d="M42 32l28 18-28 18z"/>',
  shield: '<path d="M50 10l34 12v24c0 22-14 38-34 46C30 84 16 68 16 46V22z"/><path d="M36 50l10 10 18-20" fill="none" stroke="var(--bg)" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>',
};

/** The icon of an offer, from its most telling category (a game's genre before "Games"). */
export function iconFor(categories: readonly string[]): ArtIcon {
  const has = (name: string) => categories.some((category) => category.toLowerCase() === name);
  if (has('finance')) return 'coin';
  if (has('shopping') || has('food')) return 'bag';
  if (has('health') || has('lifestyle')) return 'heart';
  if (has('education') || has('productivity') || has('careers')) return 'book';
  if (has('entertainment')) return 'play';
  if (has('security')) return 'shield';
  if (has('surveys')) return 'clipboard';
  if (has('rpg') || has('action') || has('strategy')) return 'sword';
  if (has('puzzle')) return 'puzzle';
  if (has('racing') || has('sports')) return 'car';
  if (has('card') || has('casual')) return 'cards';
  if (has('games') || has('arcade') || has('simulation') || has('idle')) return 'gamepad';
  return 'phone';
}

/** Up to two letters: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function paletteFor(seed: string): readonly [string, string] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTES[hash % PALETTES.length]!;
}

/** The colour `share` of the way from one hex colour to another (the gradient behind the icon). */
function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, index: number) => Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const parts = [0, 1, 2].map((index) => Math.round(channel(from, index) + (channel(to, index) - channel(from, index)) * share));
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type OfferArt = { seed: string; name: string; categories: readonly string[] };

/** The SVG of one offer's image (256×256). */
export function renderOfferArt({ seed, name, categories }: OfferArt): string {
  const [from, to] = paletteFor(seed);
  // Cut-outs in the icon take the colour of the gradient where the icon sits.
  const icon = ICONS[iconFor(categories)].replaceAll('var(--bg)', mix(from, to, 0.4));
  const label = escapeXml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${label}">
<title>${label}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><clipPath id="c"><rect width="256" height="256" rx="40"/></clipPath></defs>
<g clip-path="url(#c)"><rect width="256" height="256" fill="url(#g)"/>
<circle cx="220" cy="36" r="70" fill="#fff" opacity=".08"/>
<circle cx="28" cy="236" r="90" fill="#000" opacity=".10"/></g>
<g transform="translate(68 26) scale(1.2)" fill="#fff"><svg viewBox="0 0 100 100" width="100" height="100">${icon}</svg></g>
<text x="128" y="206" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" font-size="54" font-weight="800" letter-spacing="2" fill="#fff">${escapeXml(initialsOf(name))}</text>
</svg>
`;
}
