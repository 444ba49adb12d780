import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isAllowedRemoteAddress } from '@rewards/shared/contracts/remote-origins';

/** A remote file from an origin the runtime config does not list: the load fails, as for a remote that is down. */
export class RemoteOriginRefused extends Error {
  constructor(address: string) {
    super(`Refused remote code from ${address}: its origin is neither the page's nor one of the runtime config's remoteOrigins`);
    this.name = 'RemoteOriginRefused';
  }
}

/**
 * Refuses, in the federation runtime itself, every manifest (`fetch`), remote entry (`loadEntry`) and script or
 * preload (`createScript`, `createLink`) whose address is not on the page's origin or one of `allowedOrigins`:
 * a manifest pointing its entry elsewhere, a runtime config naming a foreign manifest it does not list. Every
 * load goes through these hooks (loadRemote, preloadRemote, a remote's embeds), so none gets past it.
 */
export function remoteOriginPlugin(allowedOrigins: readonly string[], pageUrl: () => string = () => window.location.href): ModuleFederationRuntimePlugin {
  const check = (address: string) => {
    if (!isAllowedRemoteAddress(address, pageUrl(), allowedOrigins)) throw new RemoteOriginRefused(address);
  };
  return {
    name: 'remote-origin',
    // Returning nothing leaves the fetch (and the entry's load) to the next plugin and the runtime.
    // A refusal as a rejected fetch; nothing (not a promise of nothing, which the hook's type refuses) otherwise.
    fetch(url) {
      try {
        check(url);
      } catch (refused) {
        return Promise.reject(refused as Error);
      }
      return undefined;
    },
    async loadEntry({ remoteInfo }) {
      check(remoteInfo.entry);
      return undefined;
    },
    createScript({ url }) {
      check(url);
      return undefined;
    },
    createLink({ url }) {
      check(url);
      return undefined;
    },
  };
}
