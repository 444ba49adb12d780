import { registerPlugins } from '@module-federation/enhanced/runtime';
import { yieldToBrowser } from './app/yield-to-browser';
import { sharePerTaskPlugin } from './federation/share-per-task';

registerPlugins([sharePerTaskPlugin]);
// The async boundary lets federation set up shared modules before any of them is used; it starts in a task
// of its own, not at the end of the one that ran this file.
// Its chunk group is named: the page preloads its files (PreloadStartupPlugin).
void yieldToBrowser().then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
