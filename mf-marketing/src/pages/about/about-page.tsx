import type { AboutContent } from '../../content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ContentSection } from '../../ui/content-section';
import about from '../../../content/about.json';
import styles from './about-page.module.css';

// The build checks the file against its schema (content-check.ts); the cast only narrows JSON's widened types.
const ABOUT = about as AboutContent;

/** Spec §2 About: 50,000+ users, 100+ countries, $2M+ paid, and who we are. */
export default function AboutPage() {
  return (
    <PageLayout title="About us" lead={ABOUT.lead}>
      <dl className={styles.figures}>
        {ABOUT.figures.map(({ value, label }) => (
          <div key={label} className={styles.figure}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.sections}>
        {ABOUT.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </div>
    </PageLayout>
  );
}
