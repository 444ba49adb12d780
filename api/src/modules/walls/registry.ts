import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { WALL_SLUG } from '../../config';

/** Walls only the server has: the demo wall and the two provider adapters. */
const SERVER_WALLS: Readonly<Record<string, string>> = {
  demo: 'Demo Wall',
  bitlabs: 'BitLabs',
  ayetstudios: 'ayeT-Studios',
};

/**
 * The walls we know, by slug: the server's own, and the offer and survey walls the site embeds (the shared
 * partner-walls contract, spec §2). A wall with a configured postback secret is known too. Names are for
 * people (the live ticker shows them).
 */
export const KNOWN_WALLS: Readonly<Record<string, string>> = {
  ...SERVER_WALLS,
  ...Object.fromEntries(PARTNER_WALLS.map((partner) => [partner.slug, partner.name])),
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
