import { REQUEST_TIMEOUT_MS, TICKER_MAX_ENTRIES } from '@rewards/shared/constants';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { RECENT_LEADS_PATH } from '@rewards/shared/contracts/realtime';
import { isLiveLead } from './ticker-entries';

/**
 * The feed's last entries, newest first (`GET /api/leads/recent`). A plain fetch rather than an RTK Query
 * endpoint: the ticker is background decoration, and its load must not light the page's global loading bar.
 */
export async function fetchRecentLeads(apiBase: string, signal: AbortSignal): Promise<LiveLead[]> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const abort = () => timeout.abort();
  signal.addEventListener('abort', abort);
  try {
    const response = await fetch(`${apiBase}${RECENT_LEADS_PATH}`, { headers: { Accept: 'application/json' }, signal: timeout.signal });
    if (!response.ok) throw new Error(`${RECENT_LEADS_PATH} answered ${response.status}`);
    // A `RecentLeadsResponse`, but of whichever server answers (an older one sends no ids): each entry is checked.
    const body = (await response.json()) as { data?: unknown };
    return (Array.isArray(body.data) ? body.data : []).filter(isLiveLead).slice(0, TICKER_MAX_ENTRIES);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}
