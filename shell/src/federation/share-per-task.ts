import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToBrowser } from '../app/yield-to-browser';

/**
 * Resolves each shared module the page asks for in a task of its own. Without it, the start-up resolves every
 * module it shares (React, the store, each contract; a version check apiece) in the one task that asked, a long
 * task on a slow phone while the visitor is already reading the prerendered page.
 */
export const sharePerTaskPlugin: ModuleFederationRuntimePlugin = {
  name: 'share-per-task',
  async beforeLoadShare(args) {
    await yieldToBrowser();
    return args;
  },
};
