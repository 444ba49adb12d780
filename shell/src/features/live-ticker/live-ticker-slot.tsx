import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectLiveStats } from '@rewards/shared/store/settings-slice';
import { ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';
import type { RealtimeConnection } from '../realtime';
import { useT } from '../../messages';
import styles from './live-ticker.module.css';

const loadLiveTicker = () => import('./live-ticker');

const PLACEHOLDER_CARDS = 6;

type Props = {
  connection: RealtimeConnection;
  /** Whether the page's own content is on screen: the ticker's code and data wait for it. */
  pageShown: boolean;
  /** How long after the page's load the ticker joins the live feed (its own default unless given). */
  connectDelayMs?: number;
};

/**
 * The "Live earnings" region under the navigation on every page, unless Live Stats is off (spec §2, §3). Its
 * height is fixed from the first paint, so nothing below it moves when the ticker arrives.
 */
export function LiveTickerSlot({ connection, pageShown, connectDelayMs }: Props) {
  const t = useT();
  const liveStats = useAppSelector(selectLiveStats);
  if (!liveStats) return null;
  return (
    <section aria-label={t('ticker.label')} className={styles.region} data-live-ticker="">
      <div className={styles.inner}>
        <span className={styles.badge} aria-hidden="true">
          <span className={styles.dot} />
          {t('ticker.badge')}
        </span>
        {pageShown ? (
          // A ticker that fails (its chunk, a bug) leaves an empty strip; the page around it is untouched.
          <ModuleLoader logAs="The live ticker" load={loadLiveTicker} loading={<TickerPlaceholder />} failure={() => null}>
            {({ default: LiveTicker }) => <LiveTicker connection={connection} connectDelayMs={connectDelayMs} />}
          </ModuleLoader>
        ) : (
          <TickerPlaceholder />
        )}
      </div>
    </section>
  );
}

function TickerPlaceholder() {
  return (
    <div className={styles.viewport} aria-hidden="true">
      <ul className={styles.track}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, position) => (
          <li key={position} className={`${styles.entry} ${styles.placeholder}`} style={{ ['--slot-index' as string]: position }}>
            <span className={styles.avatar} />
            <span className={styles.text}>
              <span className={styles.bar} />
              <span className={`${styles.bar} ${styles.short}`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
