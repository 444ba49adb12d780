/** The partner walls of spec §2 as both sides know them: mf-earn shows them, the API serves and credits them. */

export type PartnerWallKind = 'offer' | 'survey';

type PartnerWallEntry<Slug extends string = string> = {
  /** The partner's name, for people (cards, the live ticker). */
  name: string;
  /** The name in lowercase: the wall lives at `/api/walls/{slug}` and posts back to `/api/postback/{slug}`. */
  slug: Slug;
  kind: PartnerWallKind;
  /** The level a user needs to open the wall (spec §4, §9). */
  levelRequired: number;
};

/** Spec §9: "offer partners default 0". */
const OPEN_TO_ALL = 0;

/** The fourteen offer-wall partners, then the four survey-wall partners (spec §2, §9). Names are our own inventions. */
export const PARTNER_WALLS = [
  { name: 'Bloomtask', slug: 'bloomtask', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Coinharbor', slug: 'coinharbor', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Questlane', slug: 'questlane', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Pixelorchard', slug: 'pixelorchard', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Tapmeadow', slug: 'tapmeadow', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Orbitoffers', slug: 'orbitoffers', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Lumenwall', slug: 'lumenwall', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Maplequest', slug: 'maplequest', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Ripplerewards', slug: 'ripplerewards', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Nimbusplay', slug: 'nimbusplay', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Fernpoint', slug: 'fernpoint', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Cobaltcove', slug: 'cobaltcove', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Zestloop', slug: 'zestloop', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Emberdeck', slug: 'emberdeck', kind: 'offer', levelRequired: OPEN_TO_ALL },
  { name: 'Offery', slug: 'offery', kind: 'survey', levelRequired: 1 },
  { name: 'Excentiv', slug: 'excentiv', kind: 'survey', levelRequired: 1 },
  { name: 'Gleamads', slug: 'gleamads', kind: 'survey', levelRequired: 2 },
  { name: 'Notik', slug: 'notik', kind: 'survey', levelRequired: 3 },
] as const satisfies readonly PartnerWallEntry[];

export type PartnerWallSlug = (typeof PARTNER_WALLS)[number]['slug'];

export type PartnerWallFacts = PartnerWallEntry<PartnerWallSlug>;

export function partnerWallsOfKind(kind: PartnerWallKind): readonly PartnerWallFacts[] {
  return PARTNER_WALLS.filter((partner) => partner.kind === kind);
}
