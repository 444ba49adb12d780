import { catalogsReady } from '@rewards/shared/translate/messages';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { noteTelemetry } from '../telemetry/telemetry-queue';

/**
 * A remote that accepts the connection but never answers would hang the page: manifests and scripts
 * get a deadline, and a manifest that fails on the network is asked once more before giving up.
 */
export function remoteDeadlinePlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-deadline',
    async fetch(url, init) {
      const attempt = () => fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(timeoutMs) });
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') throw error;
        return attempt();
      }
    },
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = reachesNetwork(url) ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`;
      return { script, timeout: timeoutMs };
    },
  };
}

/**
 * Whether a script of this address would be fetched anew. The page names its remote's entry in a preload; a
 * preload that failed (the remote was down as the page loaded) stays failed for the browser, and a script of
 * the same address gets that failure again without asking the network. Such a script is asked for under
 * another address, so Retry works once the remote is back (a preload still on its way is fetched twice).
 */
function reachesNetwork(url: string): boolean {
  const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].some((link) => link.href === url);
  if (!preloaded || typeof performance.getEntriesByName !== 'function') return true;
  const loaded = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
  return loaded.some((entry) => entry.responseStatus === 200 || entry.decodedBodySize > 0);
}


// A module's load is a chain of requests (manifest, remote entry, chunks), each given `remoteTimeoutMs` by the
// plugin above. The whole load gets that many times over, so a wait no request deadline ends (a chunk, which
// loads with the bundler's own two-minute limit) still ends in the fallback.
const REQUESTS_PER_LOAD = 3;
let loadDeadlineMs: number | null = null;

export function initFederation(config: RuntimeConfig): void {
  registerPlugins([remoteDeadlinePlugin(config.remoteTimeoutMs)]);
  registerRemotes(config.remotes.map((remote) => ({ name: remote.name, entry: remote.manifest })));
  loadDeadlineMs = config.remoteTimeoutMs * REQUESTS_PER_LOAD;
  // Remotes show each other's components (partner walls on the home page) through this same runtime, from
  // the remote the runtime config names for each.
  provideRemoteModuleLoader(loadRemoteModule, config.embeds);
}

/** Loads `remoteName/exposedModule`; rejects when the remote is down or too slow. */
export async function loadRemoteModule<T>(remoteName: string, exposedModule: string): Promise<T> {
  const name = `${remoteName}/${exposedModule}`;
  // The module registers its package's messages as it loads; they load before it first renders.
  try {
    const loaded = await withinDeadline(loadRemote<T>(name).then(async (module) => (await catalogsReady(), module)), loadDeadlineMs, name);
    if (!loaded) throw new Error(`Remote module ${name} is unavailable`);
    noteTelemetry('load', name);
    return loaded;
  } catch (error) {
    // Its manifest, entry or a chunk failed, or it came too late: one failed load for telemetry.
    noteTelemetry('load_failed', name, error);
    throw error;
  }
}

function withinDeadline<T>(loading: Promise<T>, deadlineMs: number | null, name: string): Promise<T> {
  if (deadlineMs === null) return loading;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Remote module ${name} did not load within ${deadlineMs} ms`)), deadlineMs);
  });
  return Promise.race([loading, deadline]).finally(() => clearTimeout(timer));
}
