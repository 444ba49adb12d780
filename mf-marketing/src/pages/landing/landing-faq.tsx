import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import type { FaqContent, LandingContent } from '@rewards/shared/content/content-schemas';
import { Accordion } from '../../ui/accordion';
import { LandingSection } from '../../ui/landing-section';
import styles from './cards.module.css';

/** Spec §2: the landing's FAQ accordion (the first questions of the FAQ page), one answer open at a time. */
export function LandingFaq({ content, questions }: { content: LandingContent['faq']; questions: FaqContent['questions'] }) {
  return (
    <LandingSection titleId="landing-faq-title" heading={content.heading} innerClassName={styles.narrow}>
      <Accordion items={questions.slice(0, content.shown)} />
      <p className={styles.more}>
        <Link to={PATHS.faq}>{content.more}</Link>
      </p>
    </LandingSection>
  );
}
