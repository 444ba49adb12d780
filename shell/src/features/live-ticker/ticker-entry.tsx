import type { CSSProperties } from 'react';
import { formatDollars } from '@rewards/shared/rules/money';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import type { TickerEntry as Entry } from './ticker-entries';
import { useT } from '../../messages';
import styles from './live-ticker.module.css';

const AVATAR_COLOURS = ['#22e08a', '#5aa9ff', '#ffb938', '#c79bff', '#ff8fb8', '#4dd9e8'];

function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

type Props = { entry: Entry; position: number; entering: boolean };

/**
 * One payout as a compact card in its slot. Screen readers hear it as one sentence in the page's language
 * ("Maya K. earned $1.25 for Dragon Forge Legends on Bloomtask"): its word order is each language's own.
 */
export function TickerEntry({ entry, position, entering }: Props) {
  const t = useT();
  // The feed sends dollars as `$1.25` (isLiveLead): shown as the page's language writes them.
  const amount = formatDollars(entry.amount.slice(1));
  const style = { '--slot-index': position } as CSSProperties;
  return (
    <li className={entering ? `${styles.entry} ${styles.entering}` : styles.entry} style={style}>
      <span className={styles.avatar} style={{ background: avatarColour(entry.name) }} aria-hidden="true">
        {Array.from(entry.name)[0]}
      </span>
      <span className={visuallyHidden}>{t('ticker.entry', { name: entry.name, amount, offer: entry.offer, wall: entry.wall })}</span>
      <span className={styles.text} aria-hidden="true">
        <span className={styles.topLine}>
          <span className={styles.name}>{entry.name}</span>
          <span className={`${styles.amount} money`}>{amount}</span>
        </span>
        <span className={styles.detail}>
          {entry.offer}
          <span className={styles.separator}>{' · '}</span>
          {entry.wall}
        </span>
      </span>
    </li>
  );
}
