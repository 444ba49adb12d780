import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';

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
    createScript() {
      return { timeout: timeoutMs };
    },
  };
}

export function initFederation(config: RuntimeConfig): void {
  registerPlugins([remoteDeadlinePlugin(config.remoteTimeoutMs)]);
  registerRemotes(config.remotes.map((remote) => ({ name: remote.name, entry: remote.manifest })));
  // Remotes show each other's components (partner walls on the home page) through this same runtime.
  provideRemoteModuleLoader(loadRemoteModule);
}

/** Loads `remoteName/exposedModule`; rejects when the remote is down or too slow. */
export async function loadRemoteModule<T>(remoteName: string, exposedModule: string): Promise<T> {
  const loaded = await loadRemote<T>(`${remoteName}/${exposedModule}`);
  if (!loaded) throw new Error(`Remote module ${remoteName}/${exposedModule} is unavailable`);
  return loaded;
}

/** Fetches a remote's entry and first chunks ahead of navigation (landing route, hovered links). */
export function warmRemote(remoteName: string, exposes: string[]): void {
  preloadRemote([{ nameOrAlias: remoteName, exposes, resourceCategory: 'sync' }]).catch(() => {
    // A failed warm-up is not an error: the real load shows the fallback if the remote stays down.
  });
}
