import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import type { FaqContent, LandingContent } from '../../content/content-schemas';
import { Accordion } from '../../ui/accordion';
import { SectionHeader } from '../../ui/section-header';
import section from '../../ui/section.module.css';
import styles from './cards.module.css';

/** Spec §2: the landing's FAQ accordion (the first questions of the FAQ page), one answer open at a time. */
export function LandingFaq({ content, questions }: { content: LandingContent['faq']; questions: FaqContent['questions'] }) {
  return (
    <section className={section.section} aria-labelledby="landing-faq-title">
      <div className={`${section.inner} ${styles.narrow}`}>
        <SectionHeader id="landing-faq-title" heading={content.heading} />
        <Accordion items={questions.slice(0, content.shown)} />
        <p className={styles.more}>
          <Link to={PATHS.faq}>{content.more}</Link>
        </p>
      </div>
    </section>
  );
}
