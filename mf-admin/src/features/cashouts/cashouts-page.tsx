import { useSearchParams } from '@rewards/shared/router';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { Payouts } from './payouts';
import { ReviewQueue } from './review-queue';
import styles from './cashouts-page.module.css';

const VIEWS = [
  { key: 'queue', label: 'admin.cashouts.view.queue' },
  { key: 'payouts', label: 'admin.cashouts.view.payouts' },
] as const;

/** Finance's page: the cashouts that wait for a decision, and the payouts on their rails. */
export default function CashoutsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'payouts' ? 'payouts' : 'queue';
  return (
    <ConsolePage title={t('admin.section.cashouts')} lead={t('admin.cashouts.lead')}>
      <div className={styles.views} aria-label={t('admin.cashouts.views')} role="group">
        {VIEWS.map(({ key, label }) => (
          <button key={key} type="button" className={styles.viewButton} aria-pressed={view === key} onClick={() => setParams(key === 'queue' ? {} : { view: key })}>
            {t(label)}
          </button>
        ))}
      </div>
      {view === 'queue' ? <ReviewQueue /> : <Payouts />}
    </ConsolePage>
  );
}
