import { registerPlugins } from '@module-federation/enhanced/runtime';
import { runInTasks } from './app/run-in-tasks';
import { sharePerTaskPlugin } from './federation/share-per-task';

registerPlugins([sharePerTaskPlugin]);
// The async boundary lets federation set up shared modules before any of them is used. The libraries the
// bootstrap renders with run first, each in a task of its own: imported by the bootstrap alone, their code and
// its own ran in one task, the page's longest (~100 ms at a phone's speed, measured). Their files arrive together
// (the page preloads them), so the steps wait on no request of their own.
// The bootstrap's chunk group is named: the page preloads its files (PreloadStartupPlugin).
void runInTasks([
  () => import('react-dom/client'),
  () => import('@rewards/shared/router'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import(/* webpackChunkName: "bootstrap" */ './bootstrap'),
]);
