import type { LevelProgress } from '@rewards/shared/rules/level';
import { formatDollars } from '@rewards/shared/rules/money';
import styles from './profile.module.css';

/** The level and the way to the next one: dollars out of $10 and percent (spec §4). */
export function LevelBar({ progress }: { progress: LevelProgress }) {
  const { level, intoLevel, step, percent } = progress;
  return (
    <div className={styles.level}>
      <p className={styles.levelTitle}>Your level</p>
      <div className={styles.levelRow}>
        <span className={styles.levelBadge}>Level {level}</span>
        <span className={`${styles.levelAmount} money`}>
          {formatDollars(intoLevel)} / {formatDollars(step)}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={`Progress to level ${level + 1}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={`${styles.fill} ${styles.levelFill}`} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.levelRow}>
        <span className={styles.levelNext}>
          {percent}% to Level {level + 1}
        </span>
        <span className={`${styles.levelNext} money`}>{formatDollars(step - intoLevel)} to go</span>
      </div>
    </div>
  );
}
