/**
 * Telemetry names a remote by its package (`mf-earn`), as `pnpm release` and the releases folder do; the
 * browser knows its federation container name (`mf_earn`). The shell's own pages and errors count as `shell`.
 */
export const SHELL_TELEMETRY_NAME = 'shell';

/** A version reported for a remote the runtime config gives no version. */
export const UNVERSIONED = 'unversioned';

/** The route of a page that matches none of the site's route patterns. */
export const OTHER_ROUTE = 'other';

export function telemetryRemoteName(remoteOrContainer: string): string {
  return remoteOrContainer.replace(/^@rewards\//, '').replace(/_/g, '-');
}
