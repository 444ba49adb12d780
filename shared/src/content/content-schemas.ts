/**
 * What each content file in `mf-marketing/content/` must look like: one source for mf-marketing's build (a
 * broken file fails it naming the file and line, content-check.ts), the API (`pnpm ops content:publish` and
 * every version it stores) and the tests. The pages only import the types, so zod never reaches the browser.
 *
 * Text is plain, with one piece of Markdown: inline links `[label](target)` in paragraphs. The pages render it
 * as React text and link elements (never as HTML), so markup in a text would only show as characters: it is
 * refused here, with control and bidi-override characters, so what an operator publishes reads as it is shown.
 */
import { z } from 'zod';
import { CONTENT_FILE_NAMES, type ContentFile, type EnglishContentFile, splitContentFile } from './content-files';

export { type ContentFile, isContentFile } from './content-files';

// C0 and C1 controls (a line break included: a paragraph is one entry) and the bidi overrides and isolates.
// eslint-disable-next-line no-control-regex -- naming the control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// A tag (`<b>`, `</p>`, `<img …`) or a comment: plain text never needs `<` followed by a letter, `/` or `!`.
const MARKUP = /<[a-zA-Z!/]/;

const text = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters (line breaks, tabs, bidi overrides)')
  .refine((value) => !MARKUP.test(value), 'must be plain text: HTML tags are not allowed (links are written [label](target))');
const shortText = (max: number) => text.max(max, `must be at most ${max} characters`);

/** Internal paths, email and https links only: content never links to scripts or other schemes. */
const href = z
  .string()
  .regex(/^(\/(?!\/)[^\s]*|mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, 'must be a site path like /faq, a mailto: address or an https:// link');

// Inline links in paragraphs are written [label](target); each target is checked like `href`.
const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]*)\)/g;
const paragraph = text.superRefine((value, ctx) => {
  for (const match of value.matchAll(INLINE_LINK)) {
    if (!href.safeParse(match[2]).success) ctx.addIssue({ code: 'custom', message: `the link "${match[0]}" must point to a site path, a mailto: address or an https:// link` });
  }
});

const dollars = z.string().regex(/^\d{1,6}\.\d{2}$/, 'must be dollars with two decimals, like 25.50');
const figure = z.strictObject({ value: shortText(24), label: shortText(80) });
const section = z.strictObject({
  heading: shortText(120),
  paragraphs: z.array(paragraph).optional(),
  items: z.array(paragraph).optional(),
});

export const LANDING_ICONS = ['games', 'surveys', 'apps', 'referrals', 'fast', 'shield', 'support', 'gift', 'choose', 'play', 'cashout'] as const;
export const PAYOUT_LOGOS = ['paypal', 'visa', 'stake', 'letcoin', 'payeer', 'crypto'] as const;
export const OFFER_ICONS = ['game', 'survey', 'review'] as const;

export const landingSchema = z.strictObject({
  hero: z.strictObject({
    titleBefore: shortText(40),
    highlight: shortText(20),
    titleAfter: shortText(80),
    subtitle: shortText(200),
    emailLabel: shortText(40),
    passwordLabel: shortText(40),
    submit: shortText(40),
    busy: shortText(40),
    googleButton: shortText(40),
    note: paragraph,
    figures: z.array(figure).length(3, 'the hero shows exactly 3 figures'),
  }),
  stats: z.strictObject({ heading: shortText(80), items: z.array(figure).length(3, 'the stats banner shows exactly 3 figures') }),
  sampleOffers: z.strictObject({
    heading: shortText(80),
    lead: shortText(200),
    cta: shortText(40),
    items: z
      .array(z.strictObject({ name: shortText(60), task: shortText(80), reward: dollars, icon: z.enum(OFFER_ICONS), rating: z.number().min(0).max(5) }))
      .min(1),
  }),
  video: z.strictObject({ heading: shortText(80), text: paragraph, caption: shortText(160), cta: shortText(40) }),
  reviews: z.strictObject({
    heading: shortText(80),
    rating: z.number().min(1).max(5),
    count: shortText(40),
    source: shortText(60),
    items: z
      .array(
        z.strictObject({
          title: shortText(80),
          text: shortText(400),
          user: shortText(40),
          stars: z.number().int().min(1).max(5),
          timeAgo: shortText(30),
        }),
      )
      .min(3, 'the slider needs at least 3 reviews'),
  }),
  dashboard: z.strictObject({
    heading: shortText(80),
    lead: shortText(200),
    startTotal: z.number().positive(),
    eventDollars: z.array(z.number().positive()).length(2, "must be [smallest, largest]"),
    cashoutDollars: z.array(z.number().positive()).length(2, "must be [smallest, largest]"),
    names: z.array(shortText(30)).min(5),
    countries: z.array(z.strictObject({ code: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code'), name: shortText(40) })).min(1),
    methods: z.array(z.enum(PAYOUT_LOGOS)).min(1),
  }),
  payoutMethods: z.strictObject({
    heading: shortText(80),
    lead: shortText(200),
    items: z.array(z.strictObject({ name: shortText(40), logo: z.enum(PAYOUT_LOGOS), note: shortText(40) })).min(1),
  }),
  bestWays: z.strictObject({
    heading: shortText(80),
    lead: shortText(200),
    items: z.array(z.strictObject({ title: shortText(60), text: shortText(240), earn: shortText(40), icon: z.enum(LANDING_ICONS) })).min(1),
  }),
  whyUs: z.strictObject({
    heading: shortText(80),
    items: z.array(z.strictObject({ title: shortText(60), text: shortText(240), icon: z.enum(LANDING_ICONS) })).min(1),
  }),
  howItWorks: z.strictObject({
    heading: shortText(80),
    text: paragraph,
    steps: z.array(z.strictObject({ title: shortText(60), text: shortText(240), icon: z.enum(LANDING_ICONS) })).min(1),
  }),
  faq: z.strictObject({ heading: shortText(80), shown: z.number().int().min(1).max(20), more: shortText(40) }),
  closing: z.strictObject({ heading: shortText(80), text: shortText(200), cta: shortText(40) }),
});

const question = z.strictObject({ question: shortText(160), answer: paragraph });

export const faqSchema = z.strictObject({
  lead: shortText(200),
  questions: z.array(question).length(10, 'the FAQ has the 10 questions of the spec'),
  support: z.strictObject({ text: shortText(160), cta: shortText(40) }),
});

export const contestsSchema = z.strictObject({
  lead: shortText(200),
  contests: z
    .array(
      z.strictObject({
        name: shortText(60),
        prize: shortText(20),
        period: shortText(40),
        text: shortText(240),
        winners: shortText(60),
      }),
    )
    .length(3, 'there are exactly 3 contests'),
  join: z.strictObject({ button: shortText(40), notice: shortText(200) }),
  leaderboard: z.strictObject({
    heading: shortText(80),
    entries: z.array(z.strictObject({ name: shortText(30), amount: dollars })).min(1).max(20),
  }),
  rules: z.strictObject({ heading: shortText(80), items: z.array(paragraph).min(1) }),
});

export const aboutSchema = z.strictObject({
  lead: shortText(200),
  figures: z.array(figure).length(3, 'the about page shows exactly 3 figures'),
  sections: z.array(section).min(1),
});

export const contactSchema = z.strictObject({
  lead: shortText(200),
  channels: z.array(z.strictObject({ title: shortText(40), text: shortText(160), label: shortText(80), href })).length(3, 'the page lists 3 contact channels'),
  sent: shortText(80),
  sentText: shortText(200),
  failed: shortText(120),
});

export const SOCIAL_NETWORKS = ['Twitter', 'Facebook', 'Instagram', 'Discord', 'YouTube', 'TikTok'] as const;

export const footerSchema = z.strictObject({
  tagline: shortText(200),
  languages: z.array(shortText(30)).min(1),
  social: z
    .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), href: href }))
    .length(SOCIAL_NETWORKS.length, `list each of ${SOCIAL_NETWORKS.join(', ')} once`)
    .refine((links) => new Set(links.map((link) => link.network)).size === links.length, 'each network once'),
  columns: z.array(z.strictObject({ heading: shortText(40), links: z.array(z.strictObject({ label: shortText(40), href })).min(1) })).min(1),
  legal: shortText(200),
  /** Above a legal page (English in every language) in another language: the English text applies. */
  legalNote: shortText(200).optional(),
});

/** A translation's footer must say, in its language, that the legal pages' English text applies. */
const translatedFooterSchema = footerSchema.extend({ legalNote: shortText(200) });

export const documentSchema = z.strictObject({
  lead: shortText(240),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-23'),
  sections: z.array(section).min(1),
});

export type LandingContent = z.infer<typeof landingSchema>;
export type FaqContent = z.infer<typeof faqSchema>;
export type ContestsContent = z.infer<typeof contestsSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type ContactContent = z.infer<typeof contactSchema>;
export type FooterContent = z.infer<typeof footerSchema>;
export type DocumentContent = z.infer<typeof documentSchema>;
export type DocumentSection = z.infer<typeof section>;

/** Each English content file's schema, relative to `mf-marketing/content/`; a translation has its English file's. */
export const ENGLISH_CONTENT_SCHEMAS = {
  'landing.json': landingSchema,
  'faq.json': faqSchema,
  'contests.json': contestsSchema,
  'about.json': aboutSchema,
  'contact.json': contactSchema,
  'footer.json': footerSchema,
  'pages/terms.json': documentSchema,
  'pages/privacy.json': documentSchema,
  'pages/cookies.json': documentSchema,
  'pages/affiliates.json': documentSchema,
  'pages/advertisers.json': documentSchema,
  'pages/careers.json': documentSchema,
  'pages/press.json': documentSchema,
} as const satisfies Record<EnglishContentFile, z.ZodType>;

function schemaOf(file: ContentFile): z.ZodType {
  const { locale, english } = splitContentFile(file);
  return english === 'footer.json' && locale !== 'en' ? translatedFooterSchema : ENGLISH_CONTENT_SCHEMAS[english];
}

/** Every content file (`faq.json`, `pages/terms.json`, `de/faq.json`) and its schema. */
export const CONTENT_FILES: Readonly<Record<ContentFile, z.ZodType>> = Object.fromEntries(CONTENT_FILE_NAMES.map((file) => [file, schemaOf(file)])) as Record<ContentFile, z.ZodType>;
