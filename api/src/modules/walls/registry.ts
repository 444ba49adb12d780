import { WALL_SLUG } from '../../config';

/**
 * The walls we know, by slug (the partner's lowercase name): the demo wall, the two provider adapters, and
 * the offer and survey walls the site embeds (mf-earn's partners.ts, spec §2). A wall with a configured
 * postback secret is known too. Names are for people (the live ticker shows them).
 */
export const KNOWN_WALLS: Readonly<Record<string, string>> = {
  demo: 'Demo Wall',
  bitlabs: 'BitLabs',
  ayetstudios: 'ayeT-Studios',
  bloomtask: 'Bloomtask',
  coinharbor: 'Coinharbor',
  questlane: 'Questlane',
  pixelorchard: 'Pixelorchard',
  tapmeadow: 'Tapmeadow',
  orbitoffers: 'Orbitoffers',
  lumenwall: 'Lumenwall',
  maplequest: 'Maplequest',
  ripplerewards: 'Ripplerewards',
  nimbusplay: 'Nimbusplay',
  fernpoint: 'Fernpoint',
  cobaltcove: 'Cobaltcove',
  zestloop: 'Zestloop',
  emberdeck: 'Emberdeck',
  offery: 'Offery',
  excentiv: 'Excentiv',
  gleamads: 'Gleamads',
  notik: 'Notik',
};

/** Used for walls without a configured secret, outside production only. */
export const DEV_POSTBACK_SECRET = 'dev-postback-secret';

export type WallsConfig = {
  /** Wall slug → postback secret (POSTBACK_SECRETS, POSTBACK_SECRET_<WALL>). */
  secrets: Readonly<Record<string, string>>;
  production: boolean;
};

export function isKnownWall(config: WallsConfig, slug: string): boolean {
  return WALL_SLUG.test(slug) && (Object.hasOwn(KNOWN_WALLS, slug) || Object.hasOwn(config.secrets, slug));
}

export function wallTitle(slug: string): string {
  return Object.hasOwn(KNOWN_WALLS, slug) ? KNOWN_WALLS[slug]! : slug.charAt(0).toUpperCase() + slug.slice(1);
}

/** The key a wall signs its postbacks with; null in production when none is configured (refused). */
export function wallSecret(config: WallsConfig, slug: string): string | null {
  if (Object.hasOwn(config.secrets, slug)) return config.secrets[slug]!;
  return config.production ? null : DEV_POSTBACK_SECRET;
}
