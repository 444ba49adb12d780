import { useState } from 'react';
import { BRAND_NAME } from '@rewards/shared/brand';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { formatDollars } from '@rewards/shared/rules/money';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { CashoutModal } from '../features/cashout-modal/cashout-modal';
import { useCashoutStats } from '../features/cashout-stats/cashout-stats-api';
import { PayoutMethodCard } from '../features/payout-methods/payout-method-card';
import { PAYOUT_METHODS, type PayoutMethod } from '../features/payout-methods/payout-methods';
import styles from './cashout-page.module.css';

/** Each opening is its own modal, so the fields start empty every time (spec §4). */
type OpenModal = { method: PayoutMethod; opening: number };

/** Spec §2 Cashout page: the payout methods, each opening the cashout modal. */
export default function CashoutPage() {
  const { balance, settled } = useCashoutStats();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const choose = (method: PayoutMethod) => setModal((current) => ({ method, opening: (current?.opening ?? 0) + 1 }));

  return (
    <PageLayout title="Cashout" lead={`Turn your ${BRAND_NAME} balance into cash, gift cards or crypto. Pick a method to withdraw.`}>
      <div className={styles.summary}>
        <p className={styles.balance}>
          <span className={styles.balanceLabel}>Your balance</span>
          <strong className="money">{formatDollars(balance)}</strong>
        </p>
        <Link to={PATHS.profile} className={styles.withdrawals}>
          My Withdrawals
        </Link>
      </div>

      <section aria-labelledby="most-popular-heading">
        <h2 id="most-popular-heading" className={styles.sectionTitle}>
          Most Popular
        </h2>
        <ul className={styles.methods}>
          {PAYOUT_METHODS.map((method, index) => (
            <li key={method.name}>
              <PayoutMethodCard method={method} balance={balance} index={index} revealed={settled} onChoose={choose} />
            </li>
          ))}
        </ul>
      </section>

      <p className={styles.disclaimer}>
        The merchants shown on this page are not sponsors or affiliates of {BRAND_NAME} or of any gift card provider.
        Their names belong to their respective owners; the logos are our own illustrations.
      </p>

      {modal ? (
        <CashoutModal key={modal.opening} method={modal.method} balance={balance} onClose={() => setModal(null)} />
      ) : null}
    </PageLayout>
  );
}
