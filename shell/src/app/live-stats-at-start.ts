import { rememberLiveStatsForServer } from '@rewards/shared/store/storage-listeners';
import type { PrerenderedPage } from './prerendered-page';

/**
 * Live Stats told to the site's server again at start: while it is off (a setting older than the cookie, cookies
 * cleared), and when the server painted this page for off although it is on (storage cleared). Written only
 * then: a write makes the browser's next read of `document.cookie` a round trip to its cookie store.
 */
export function tellLiveStatsAtStart(liveStats: boolean, prerendered: PrerenderedPage | null): void {
  if (!liveStats || prerendered?.paintedWithoutLiveStats) rememberLiveStatsForServer(liveStats);
}
