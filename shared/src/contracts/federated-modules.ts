/**
 * How one remote shows another remote's exposed component: through the host's federation runtime, which
 * the host hands over here at start with the runtime config's `embeds`. A remote never bundles the runtime
 * nor imports another remote's files. No remote is named here: the host imports this module, and its build
 * must not know any remote.
 */
import type { EmbedSlots } from './runtime-config';

/** Loads `exposedModule` of the federation container `remoteName` (e.g. `remote_name`, `exposed-module`). */
export type RemoteModuleLoader = (remoteName: string, exposedModule: string) => Promise<unknown>;

let hostLoader: RemoteModuleLoader | null = null;
let hostEmbeds: EmbedSlots | undefined;

/**
 * Called once by the host at start with its loader and the runtime config's `embeds` (left out when the
 * config has none: the built-in ones apply); `null` takes it back (tests).
 */
export function provideRemoteModuleLoader(loader: RemoteModuleLoader | null, embeds?: EmbedSlots): void {
  hostLoader = loader;
  hostEmbeds = loader ? embeds : undefined;
}

/** The runtime config's `embeds` the host handed over; undefined when it gave none. */
export function hostEmbedSlots(): EmbedSlots | undefined {
  return hostEmbeds;
}

const EXPOSED_PATTERN = /^([A-Za-z_$][\w$]*)\/([\w.-]+(?:\/[\w.-]+)*)$/;

/** `remote_name/module` → `['remote_name', 'module']`; null when it is not `remote/module`. */
export function parseExposed(exposed: string): [remoteName: string, exposedModule: string] | null {
  const match = EXPOSED_PATTERN.exec(exposed);
  return match ? [match[1]!, match[2]!] : null;
}

/**
 * Loads another remote's exposed module through the host's runtime (or `loader`, the host's own). Rejects when
 * no host provided a loader (a remote running alone in its standalone harness) and when the remote is down or
 * too slow.
 */
export async function loadExposedModule<T>(exposed: string, loader: RemoteModuleLoader | null = hostLoader): Promise<T> {
  const parts = parseExposed(exposed);
  if (!parts) throw new Error(`"${exposed}" is not an exposed module name like remote_name/module`);
  if (!loader) {
    throw new Error(`Cannot load ${exposed}: no host provided a federation loader (is this remote running standalone?)`);
  }
  return (await loader(...parts)) as T;
}
