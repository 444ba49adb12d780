import type { EmbedName } from './embeds';

/** The document the shell reads at start (`/runtime-config.json`); nothing about remotes is in any build. */
export type RemoteConfig = {
  /** Federation container name, e.g. `mf_earn`. */
  name: string;
  /** URL of the remote's `mf-manifest.json`. */
  manifest: string;
  /** Path prefixes this remote owns, matched case-insensitively (`/Earn`, `/offers`, `/` for exact root). */
  routes: string[];
  /** The released version this browser runs (`pnpm release`); absent while the remote runs its working build. */
  version?: string;
  /**
   * For staff only (a user whose `staff_role` is set): the console. The API lists it in a signed-in staff member's
   * document alone, so for anyone else its paths belong to no remote (the site's 404 page) and the shell needs
   * no code of its own to keep it away.
   */
  staffOnly?: boolean;
};

export type RealtimeConfig = {
  key: string;
  cluster: string;
  /** Empty means the page's own host. */
  wsHost: string;
  /** 0 means the page's own port. */
  wsPort: number;
  forceTLS: boolean;
  channel: string;
};

/** Where the shell finds the modals it hosts: `remoteName/exposedModule` for each. */
export type ModalSlots = {
  auth: string;
  settings: string;
  invite: string;
  /** The notification panel the bell opens; absent (a document written before it): the bell's panel says it is unavailable. */
  notifications?: string;
};

/**
 * Which remote provides each component remotes show of each other (`EMBEDS`), as `remoteName/exposedModule`.
 * A name left out is not shown: the page has nothing in its place.
 */
export type EmbedSlots = Partial<Record<EmbedName, string>>;

/** What browsers report to `POST /api/telemetry` (docs/telemetry.md). */
export type TelemetryConfig = {
  /** The share of browsers that report, 0 (none) to 1 (all); each page load draws once. */
  sampleRate: number;
};

export type RuntimeConfig = {
  apiBase: string;
  remotes: RemoteConfig[];
  modals: ModalSlots;
  realtime: RealtimeConfig;
  /** Milliseconds before a remote that does not answer counts as unavailable. */
  remoteTimeoutMs: number;
  /**
   * The site footer the shell mounts below every page, as `remoteName/exposedModule` (mf-marketing's). Absent:
   * no footer. If that remote is down the pages show without it.
   */
  footer?: string;
  /**
   * The banner the shell shows above every page of a signed-in user whose email is not verified, as
   * `remoteName/exposedModule` (mf-account's); its code loads only for those users. Absent: no banner.
   */
  verifyEmailBanner?: string;
  /** Absent (a document written before embeds were configurable): the built-in `EMBEDS`. */
  embeds?: EmbedSlots;
  /** The languages the footer offers (`LOCALES`, and the pseudo-language `en-XA` in development); absent: `LOCALES`. */
  languages?: string[];
  /** Absent: no browser reports (a document written before telemetry). */
  telemetry?: TelemetryConfig;
};

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
