import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { FAQ } from '../../content/faq-content';
import { useT } from '../messages';
import { Accordion } from '../../ui/accordion';
import styles from './faq-page.module.css';

/** Spec §2 FAQ: the 10 questions, one answer open at a time, and a Contact Support button. */
export default function FaqPage() {
  const t = useT();
  return (
    <PageLayout title={t('faq.title')} lead={FAQ.lead}>
      <div className={styles.layout}>
        <Accordion items={FAQ.questions} headingLevel={2} />
        <aside className={styles.support} aria-label={t('faq.support.label')}>
          <p className={styles.supportText}>{FAQ.support.text}</p>
          <Link to={PATHS.contact} className={`pill-button ${styles.supportButton}`}>
            {FAQ.support.cta}
          </Link>
        </aside>
      </div>
    </PageLayout>
  );
}
