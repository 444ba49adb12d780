/**
 * How one remote shows another remote's exposed component: through the host's federation runtime, which
 * the host hands over here at start. A remote never bundles the runtime nor imports another remote's files.
 */

/** Loads `exposedModule` of the federation container `remoteName` (e.g. `remote_name`, `exposed-module`). */
export type RemoteModuleLoader = (remoteName: string, exposedModule: string) => Promise<unknown>;

let hostLoader: RemoteModuleLoader | null = null;

/** Called once by the host at start; `null` takes it back (tests). */
export function provideRemoteModuleLoader(loader: RemoteModuleLoader | null): void {
  hostLoader = loader;
}

const EXPOSED_PATTERN = /^([A-Za-z_$][\w$]*)\/([\w.-]+(?:\/[\w.-]+)*)$/;

/** `remote_name/module` → `['remote_name', 'module']`; null when it is not `remote/module`. */
export function parseExposed(exposed: string): [remoteName: string, exposedModule: string] | null {
  const match = EXPOSED_PATTERN.exec(exposed);
  return match ? [match[1]!, match[2]!] : null;
}

/**
 * Loads another remote's exposed module through the host's runtime. Rejects when no host provided a loader
 * (a remote running alone in its standalone harness) and when the remote is down or too slow.
 */
export async function loadExposedModule<T>(exposed: string): Promise<T> {
  const parts = parseExposed(exposed);
  if (!parts) throw new Error(`"${exposed}" is not an exposed module name like remote_name/module`);
  if (!hostLoader) {
    throw new Error(`Cannot load ${exposed}: no host provided a federation loader (is this remote running standalone?)`);
  }
  return (await hostLoader(...parts)) as T;
}
