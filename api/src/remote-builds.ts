/** What the site server and the release commands agree on: the remotes, and how a published version is named. */

export const REMOTE_PACKAGES = ['mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-admin'] as const;

/** `<package.json version>-<10 hex digits of the build's hash>`, e.g. 1.0.0-3f2a9c0b1d: a folder of RELEASES_DIR. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}$/;
