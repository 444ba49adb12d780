import { useSearchParams } from '@rewards/shared/router';
import { ConsolePage } from '../../ui/console-page';
import { Payouts } from './payouts';
import { ReviewQueue } from './review-queue';
import styles from './cashouts-page.module.css';

const VIEWS = [
  { key: 'queue', label: 'Review queue' },
  { key: 'payouts', label: 'Payouts' },
] as const;

/** Finance's page: the cashouts that wait for a decision, and the payouts on their rails. */
export default function CashoutsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'payouts' ? 'payouts' : 'queue';
  return (
    <ConsolePage title="Cashouts" lead="Decide the cashouts the rules held back; send failed payouts again.">
      <div className={styles.views} aria-label="Cashout views" role="group">
        {VIEWS.map(({ key, label }) => (
          <button key={key} type="button" className={styles.viewButton} aria-pressed={view === key} onClick={() => setParams(key === 'queue' ? {} : { view: key })}>
            {label}
          </button>
        ))}
      </div>
      {view === 'queue' ? <ReviewQueue /> : <Payouts />}
    </ConsolePage>
  );
}
