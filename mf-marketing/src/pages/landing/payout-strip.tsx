import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { PayoutLogo } from '../../ui/payout-logo';
import { LandingSection } from '../../ui/landing-section';
import styles from './cards.module.css';

/** Spec §1: the cashout-via provider strip (our payout methods, crypto among them). */
export function PayoutStrip({ content }: { content: LandingContent['payoutMethods'] }) {
  return (
    <LandingSection titleId="payouts-title" heading={content.heading} lead={content.lead}>
      <ul className={styles.strip}>
        {content.items.map((method) => (
          <li key={method.name} className={styles.method}>
            <PayoutLogo logo={method.logo} width={112} decorative />
            <span className={styles.methodName}>{method.name}</span>
            <span className={styles.methodNote}>{method.note}</span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
