import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { yieldToBrowser } from '../app/yield-to-browser';

type Assets = { sync?: string[]; async?: string[] };

/** The parts of a remote's `mf-manifest.json` that name its files. */
export type RemoteManifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name: string; assets?: { js?: Assets; css?: Assets } }>;
};

/**
 * The files a first visit to one of the remote's pages loads, as addresses: its entry, its route table's files
 * and its pages' (the table's async chunks). Relative to the manifest, as the remote's `publicPath` is 'auto'.
 */
export function routeFiles(manifest: RemoteManifest, manifestUrl: string): string[] {
  const folder = new URL('.', new URL(manifestUrl, document.baseURI));
  const entry = manifest.metaData?.remoteEntry;
  const routes = manifest.exposes?.find((expose) => expose.name === 'routes' || expose.name === './routes');
  const { js, css } = routes?.assets ?? {};
  const names = [
    ...(entry?.name ? [entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name] : []),
    ...(js?.sync ?? []),
    ...(css?.sync ?? []),
    ...(js?.async ?? []),
    ...(css?.async ?? []),
  ];
  return [...new Set(names)].map((name) => new URL(name, folder).href);
}

const prefetching = new Map<string, Promise<void>>();

/**
 * Brings a remote's page files into the browser's cache without running any of them: a first visit to the
 * remote then waits for no download, and the page it is on spends no time evaluating code the user may never
 * open (a remote's entry is a long task on a slow phone). Each remote once; a failure is forgotten.
 */
export function prefetchRemoteFiles(remote: RemoteConfig): Promise<void> {
  const started = prefetching.get(remote.name);
  if (started) return started;
  const files = fetchRemoteFiles(remote);
  prefetching.set(remote.name, files);
  files.catch(() => prefetching.delete(remote.name));
  return files;
}

async function fetchRemoteFiles(remote: RemoteConfig): Promise<void> {
  const response = await fetch(remote.manifest, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The manifest of ${remote.name} answered ${response.status}`);
  const files = routeFiles((await response.json()) as RemoteManifest, remote.manifest);
  // One link per task: each costs the main thread ~3 ms on a 2-core desktop (~11 ms with the CPU slowed 4× as on a
  // phone), so four per task passed 50 ms there; Lighthouse counted those tasks, after the page was up, as blocking.
  const settled: Promise<void>[] = [];
  for (const [index, file] of files.entries()) {
    if (index > 0) await yieldToBrowser();
    settled.push(prefetchFile(file));
  }
  await Promise.all(settled);
}

/** A `<link rel="prefetch">` (the browser's lowest priority), settled once the file is in or failed. */
function prefetchFile(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** Forgets what was prefetched (tests). */
export function forgetPrefetchedRemotes(): void {
  prefetching.clear();
}
