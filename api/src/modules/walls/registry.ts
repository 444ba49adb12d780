import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { type Config, isProduction, WALL_SLUG } from '../../config';
import { adgate } from './adapters/adgate';
import { ayetstudios } from './adapters/ayetstudios';
import { bitlabs } from './adapters/bitlabs';
import { cpx } from './adapters/cpx';
import { genericAdapter } from './adapters/generic';
import { lootably } from './adapters/lootably';
import { notik } from './adapters/notik';
import { revlum } from './adapters/revlum';
import { torox } from './adapters/torox';
import type { WallAdapter } from './wall-adapter';

/** The providers with their own callback format. A new provider: its file in adapters/ and one line here. */
export const WALL_ADAPTERS: readonly WallAdapter[] = [bitlabs, ayetstudios, cpx, torox, lootably, notik, adgate, revlum];

/** Walls speaking our generic format: the demo wall and the offer and survey walls the site embeds (spec §2). */
const GENERIC_WALLS: Readonly<Record<string, string>> = {
  demo: 'Demo Wall',
  ...Object.fromEntries(PARTNER_WALLS.map((partner) => [partner.slug, partner.name])),
};

/** Used for walls without a configured secret, outside production only. */
export const DEV_POSTBACK_SECRET = 'dev-postback-secret';

export type WallsConfig = {
  /** Wall slug → postback secret (POSTBACK_SECRETS, POSTBACK_SECRET_<WALL>). */
  secrets: Readonly<Record<string, string>>;
  /** Wall slug → allowed source addresses (POSTBACK_IPS_<WALL>); unset: the adapter's defaults in production. */
  ips?: Readonly<Record<string, readonly string[]>>;
  production: boolean;
};

/** The walls' part of the configuration (the server's and the ops tool's). */
export function wallsConfigOf(config: Config): WallsConfig {
  return { secrets: config.postbackSecrets, ips: config.postbackIps, production: isProduction(config.nodeEnv) };
}

/**
 * The adapter of a wall: its own, else the generic format for the walls we know (the generic ones and any
 * wall with a configured secret); undefined for an unknown wall.
 */
export function adapterFor(config: WallsConfig, slug: string, adapters: readonly WallAdapter[] = WALL_ADAPTERS): WallAdapter | undefined {
  if (!WALL_SLUG.test(slug)) return undefined;
  const own = adapters.find((adapter) => adapter.slug === slug);
  if (own) return own;
  if (Object.hasOwn(GENERIC_WALLS, slug) || Object.hasOwn(config.secrets, slug)) return genericAdapter(slug, wallTitle(slug, adapters));
  return undefined;
}

export function isKnownWall(config: WallsConfig, slug: string): boolean {
  return adapterFor(config, slug) !== undefined;
}

/** The walls this registry knows whatever the configuration: each adapter's, then the generic ones (the demo wall and the partner walls). */
export function registryWalls(adapters: readonly WallAdapter[] = WALL_ADAPTERS): ReadonlyArray<{ slug: string; title: string }> {
  const own = adapters.map((adapter) => ({ slug: adapter.slug, title: adapter.title }));
  const generic = Object.entries(GENERIC_WALLS)
    .filter(([slug]) => !own.some((wall) => wall.slug === slug))
    .map(([slug, title]) => ({ slug, title }));
  return [...own, ...generic];
}

export function wallTitle(slug: string, adapters: readonly WallAdapter[] = WALL_ADAPTERS): string {
  const own = adapters.find((adapter) => adapter.slug === slug);
  if (own) return own.title;
  return Object.hasOwn(GENERIC_WALLS, slug) ? GENERIC_WALLS[slug]! : slug.charAt(0).toUpperCase() + slug.slice(1);
}

/** The key a wall signs its postbacks with; null in production when none is configured (refused). */
export function wallSecret(config: WallsConfig, slug: string): string | null {
  if (Object.hasOwn(config.secrets, slug)) return config.secrets[slug]!;
  return config.production ? null : DEV_POSTBACK_SECRET;
}

/**
 * The addresses a wall's callbacks must come from: POSTBACK_IPS_<WALL> when set; in production else the
 * wall's documented addresses; outside production (local tests, `pnpm ops postback:simulate`) any address.
 * An empty list means "any".
 */
export function wallIps(config: WallsConfig, adapter: WallAdapter): readonly string[] {
  const configured = config.ips?.[adapter.slug];
  if (configured !== undefined) return configured;
  return config.production ? adapter.defaultIps : [];
}
