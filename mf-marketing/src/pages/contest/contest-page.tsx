import { useState } from 'react';
import type { ContestsContent } from '@rewards/shared/content/content-schemas';
import { formatDollars } from '@rewards/shared/rules/money';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { useT } from '../messages';
import { GeneratedAvatar } from '../../ui/generated-avatar';
import { RichText } from '../../ui/rich-text';
import { fromApi, localizedContent } from '../../content/localized-content';
import englishContests from '../../../content/contests.json';
import styles from './contest-page.module.css';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const contestsContent = localizedContent<ContestsContent>('contests.json', englishContests, fromApi('contests.json'));

/** Spec §2 Contest: three contests, this week's leaders and the rules. Join Contest only says entry opens soon. */
export default function ContestPage() {
  const t = useT();
  const contests = contestsContent.useContent();
  const [noticeFor, setNoticeFor] = useState<string | null>(null);
  return (
    <PageLayout title={t('contest.title')} lead={contests.lead}>
      <ul className={styles.contests}>
        {contests.contests.map((contest, index) => (
          <li key={contest.name} className={`${styles.contest} ${styles[`tone${index}`]}`}>
            <h2 className={styles.name}>{contest.name}</h2>
            <p className={styles.prize}>{contest.prize}</p>
            <p className={styles.period}>{contest.period}</p>
            <p className={styles.text}>{contest.text}</p>
            <p className={styles.winners}>{contest.winners}</p>
            <button type="button" className={`pill-button ${styles.join}`} onClick={() => setNoticeFor(contest.name)}>
              {contests.join.button}
            </button>
            <p className={styles.notice} role="status">
              {noticeFor === contest.name ? contests.join.notice : ''}
            </p>
          </li>
        ))}
      </ul>
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="contest-leaders">
          <h2 id="contest-leaders" className={styles.panelTitle}>
            {contests.leaderboard.heading}
          </h2>
          <ol className={styles.leaders}>
            {contests.leaderboard.entries.map((entry, index) => (
              <li key={entry.name} className={styles.leader}>
                <span className={styles.rank}>{index + 1}</span>
                <GeneratedAvatar name={entry.name} size={32} />
                <span className={styles.leaderName}>{entry.name}</span>
                <span className={`${styles.amount} money`}>{formatDollars(entry.amount)}</span>
              </li>
            ))}
          </ol>
        </section>
        <section className={styles.panel} aria-labelledby="contest-rules">
          <h2 id="contest-rules" className={styles.panelTitle}>
            {contests.rules.heading}
          </h2>
          <ul className={styles.rules}>
            {contests.rules.items.map((rule) => (
              <li key={rule}>
                <RichText text={rule} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageLayout>
  );
}
