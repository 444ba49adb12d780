import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { LandingIcon } from '../../ui/icons';
import { RichText } from '../../ui/rich-text';
import section from '../../ui/section.module.css';
import styles from './how-it-works.module.css';

/** Spec §2: the how-it-works text block stays in place while the steps scroll past, above 992 px. */
export function HowItWorks({ content }: { content: LandingContent['howItWorks'] }) {
  return (
    <section className={section.section} aria-labelledby="how-it-works-title">
      <div className={`${section.inner} ${styles.layout}`}>
        <div className={styles.text} data-sticky-text>
          <h2 id="how-it-works-title" className={section.heading}>
            {content.heading}
          </h2>
          <p className={styles.lead}>
            <RichText text={content.text} />
          </p>
        </div>
        <ol className={styles.steps}>
          {content.steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.stepTitle}>
                  <LandingIcon name={step.icon} size={22} className={styles.stepIcon} />
                  {step.title}
                </h3>
                <p className={styles.stepText}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
