import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { faqContent } from '../../content/faq-content';
import { contentReady as ready } from '../../content/localized-content';
import { useT } from '../messages';
import { Accordion } from '../../ui/accordion';
import styles from './faq-page.module.css';

/** The questions in the page's language, loaded with the page's code (routes.tsx). */
export const contentReady = ready(faqContent);

/** Spec §2 FAQ: the 10 questions, one answer open at a time, and a Contact Support button. */
export default function FaqPage() {
  const t = useT();
  const faq = faqContent.useContent();
  return (
    <PageLayout title={t('faq.title')} lead={faq.lead}>
      <div className={styles.layout}>
        <Accordion items={faq.questions} headingLevel={2} />
        <aside className={styles.support} aria-label={t('faq.support.label')}>
          <p className={styles.supportText}>{faq.support.text}</p>
          <Link to={PATHS.contact} className={`pill-button ${styles.supportButton}`}>
            {faq.support.cta}
          </Link>
        </aside>
      </div>
    </PageLayout>
  );
}
