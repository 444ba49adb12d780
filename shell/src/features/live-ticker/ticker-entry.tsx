import type { CSSProperties } from 'react';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import type { TickerEntry as Entry } from './ticker-entries';
import styles from './live-ticker.module.css';

const AVATAR_COLOURS = ['#22e08a', '#5aa9ff', '#ffb938', '#c79bff', '#ff8fb8', '#4dd9e8'];

function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

type Props = { entry: Entry; position: number; entering: boolean };

/** One payout: "Maya K. earned $1.25 for Dragon Forge Legends on Bloomtask", as a compact card in its slot. */
export function TickerEntry({ entry, position, entering }: Props) {
  const style = { '--slot-index': position } as CSSProperties;
  return (
    <li className={entering ? `${styles.entry} ${styles.entering}` : styles.entry} style={style}>
      <span className={styles.avatar} style={{ background: avatarColour(entry.name) }} aria-hidden="true">
        {Array.from(entry.name)[0]}
      </span>
      <span className={styles.text}>
        <span className={styles.topLine}>
          <span className={styles.name}>{entry.name}</span>
          <span className={visuallyHidden}> earned </span>
          <span className={`${styles.amount} money`}>{entry.amount}</span>
        </span>
        <span className={styles.detail}>
          <span className={visuallyHidden}> for </span>
          {entry.offer}
          <span className={styles.separator} aria-hidden="true">
            {' · '}
          </span>
          <span className={visuallyHidden}> on </span>
          {entry.wall}
        </span>
      </span>
    </li>
  );
}
