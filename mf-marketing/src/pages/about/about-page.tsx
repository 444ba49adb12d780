import type { AboutContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { useT } from '../messages';
import { ContentSection } from '../../ui/content-section';
import { fromApi, localizedContent } from '../../content/localized-content';
import englishAbout from '../../../content/about.json';
import styles from './about-page.module.css';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const aboutContent = localizedContent<AboutContent>('about.json', englishAbout, fromApi('about.json'));

/** Spec §2 About: 50,000+ users, 100+ countries, $2M+ paid, and who we are. */
export default function AboutPage() {
  const t = useT();
  const about = aboutContent.useContent();
  return (
    <PageLayout title={t('about.title')} lead={about.lead}>
      <dl className={styles.figures}>
        {about.figures.map(({ value, label }) => (
          <div key={label} className={styles.figure}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.sections}>
        {about.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </div>
    </PageLayout>
  );
}
