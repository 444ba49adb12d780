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
import { useT } from '../messages';
import styles from './cashout-page.module.css';

/** Each opening is its own modal, so the fields start empty every time (spec §4). */
type OpenModal = { method: PayoutMethod; opening: number };

/** Spec §2 Cashout page: the payout methods, each opening the cashout modal. */
export default function CashoutPage() {
  const t = useT();
  const { balance, settled } = useCashoutStats();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const choose = (method: PayoutMethod) => setModal((current) => ({ method, opening: (current?.opening ?? 0) + 1 }));

  return (
    <PageLayout title={t('cashout.page.title')} lead={t('cashout.page.lead', { brand: BRAND_NAME })}>
      <div className={styles.summary}>
        <p className={styles.balance}>
          <span className={styles.balanceLabel}>{t('cashout.page.balance')}</span>
          <strong className="money">{formatDollars(balance)}</strong>
        </p>
        <Link to={PATHS.profile} className={styles.withdrawals}>
          {t('cashout.page.withdrawals')}
        </Link>
      </div>

      <section aria-labelledby="most-popular-heading">
        <h2 id="most-popular-heading" className={styles.sectionTitle}>
          {t('cashout.page.mostPopular')}
        </h2>
        <ul className={styles.methods}>
          {PAYOUT_METHODS.map((method, index) => (
            <li key={method.name}>
              <PayoutMethodCard method={method} balance={balance} index={index} revealed={settled} onChoose={choose} />
            </li>
          ))}
        </ul>
      </section>

      <p className={styles.disclaimer}>{t('cashout.page.disclaimer', { brand: BRAND_NAME })}</p>

      {modal ? (
        <CashoutModal key={modal.opening} method={modal.method} balance={balance} onClose={() => setModal(null)} />
      ) : null}
    </PageLayout>
  );
}
