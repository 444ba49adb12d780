import type { LevelProgress } from '@rewards/shared/rules/level';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../messages';
import styles from './profile.module.css';

/** The level and the way to the next one: dollars out of $10 and percent (spec §4). */
export function LevelBar({ progress }: { progress: LevelProgress }) {
  const t = useT();
  const { level, intoLevel, step, percent } = progress;
  return (
    <div className={styles.level}>
      <p className={styles.levelTitle}>{t('profile.level.title')}</p>
      <div className={styles.levelRow}>
        <span className={styles.levelBadge}>{t('profile.level.badge', { level })}</span>
        <span className={`${styles.levelAmount} money`}>
          {formatDollars(intoLevel)} / {formatDollars(step)}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('profile.level.progressLabel', { level: level + 1 })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('profile.level.percent', { percent })}
      >
        <div className={`${styles.fill} ${styles.levelFill}`} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.levelRow}>
        <span className={styles.levelNext}>
          {t('profile.level.toNext', { percent, level: level + 1 })}
        </span>
        <span className={`${styles.levelNext} money`}>{t('profile.level.toGo', { amount: formatDollars(step - intoLevel) })}</span>
      </div>
    </div>
  );
}
