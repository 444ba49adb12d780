import type { AboutContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { useT } from '../messages';
import { ContentSection } from '../../ui/content-section';
import { publishedContent } from '../../content/published-content';
import about from '../../../content/about.json';
import styles from './about-page.module.css';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const ABOUT = publishedContent<AboutContent>('about.json', about);

/** Spec §2 About: 50,000+ users, 100+ countries, $2M+ paid, and who we are. */
export default function AboutPage() {
  const t = useT();
  return (
    <PageLayout title={t('about.title')} lead={ABOUT.lead}>
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
