import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { RECENT_LEADS_STALE_MAX_MS } from '@rewards/shared/contracts/realtime';
import { useOnlineStatus } from '../offline';
import { whenPageSettled } from '../../scheduling/when-page-settled';
import type { RealtimeConnection } from '../realtime';
import { connectLeadsChannel } from './leads-channel';
import { fetchRecentLeads } from './recent-leads';
import { useStepClock } from './ticker-clock';
import { emptyTicker, tickerReducer } from './ticker-entries';
import { TickerEntry } from './ticker-entry';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import { useT } from '../../messages';
import styles from './live-ticker.module.css';

// The server's last entries fill the ticker at once; the socket (and pusher-js, ~15 KB) can wait until the page
// has settled, so they take nothing from the page's first seconds.
export const LIVE_FEED_CONNECT_DELAY_MS = 3_000;

type Props = {
  connection: RealtimeConnection;
  /** How long after the page's load the ticker joins the live feed. */
  connectDelayMs?: number;
};

/**
 * The live-leads ticker (spec §4): the server's last 12 entries at once on load, real-time pushes at the front
 * at once (and, each time it joins the feed, those that went out before it did), and on every 7 s boundary of
 * the clock the oldest entry comes round to the front, sliding in over 400 ms. Each entry shows once. Offline
 * it stops and empties; back online it reloads and goes on. Loaded lazily by the slot, after the page's own
 * content; default export for `React.lazy`.
 */
export default function LiveTicker({ connection, connectDelayMs = LIVE_FEED_CONNECT_DELAY_MS }: Props) {
  const t = useT();
  const online = useOnlineStatus();
  const reducedMotion = usePrefersReducedMotion();
  const [{ entries, enteringKey }, dispatch] = useReducer(tickerReducer, undefined, emptyTicker);
  const [loaded, setLoaded] = useState(false);
  // Counts the joinings of the live feed: each reads the server's list again.
  const [joinings, setJoinings] = useState(0);
  // A pointer resting on the ticker (someone reading it) holds the clock.
  const [hovered, setHovered] = useState(false);
  // Reads `online` as it is when a lead arrives, without reconnecting the channel when it changes.
  const onLead = useEffectEvent((lead: LiveLead) => {
    if (online) dispatch({ type: 'pushed', lead });
  });

  useEffect(() => {
    if (!online) {
      dispatch({ type: 'cleared' });
      return;
    }
    const controller = new AbortController();
    fetchRecentLeads(getApiBase(), controller.signal)
      .then((leads) => dispatch({ type: 'loaded', leads }))
      .catch(() => {
        // Without history the ticker fills from the pushes; nothing to tell the user.
      })
      .finally(() => setLoaded(true));
    return () => controller.abort();
  }, [online, joinings]);

  useEffect(() => {
    let joined: ReturnType<typeof setTimeout> | undefined;
    // What went out before the channel was (re)joined came to nobody, so the list is read again: not at once, as an
    // answer may be up to RECENT_LEADS_STALE_MAX_MS old; one read that much later holds all of it.
    const onSubscribed = () => {
      clearTimeout(joined);
      joined = setTimeout(() => setJoinings((count) => count + 1), RECENT_LEADS_STALE_MAX_MS);
    };
    let leave = () => {};
    const cancel = whenPageSettled(() => {
      leave = connectLeadsChannel(connection, (lead) => onLead(lead), onSubscribed);
    }, connectDelayMs);
    return () => {
      cancel();
      leave();
      clearTimeout(joined);
    };
  }, [connection, connectDelayMs]);

  useStepClock(() => dispatch({ type: 'stepped' }), online && !hovered);

  return (
    <div className={styles.viewport} onPointerEnter={() => setHovered(true)} onPointerLeave={() => setHovered(false)}>
      <ul className={reducedMotion ? `${styles.track} ${styles.still}` : styles.track}>
        {entries.map((entry, position) => (
          <TickerEntry key={entry.key} entry={entry} position={position} entering={!reducedMotion && entry.key === enteringKey} />
        ))}
      </ul>
      {entries.length === 0 && (online ? loaded : true) && (
        <p className={styles.note}>{online ? t('ticker.empty') : t('ticker.offline')}</p>
      )}
    </div>
  );
}
