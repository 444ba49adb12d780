import { formatDollars } from '@rewards/shared/rules/money';
import type { RiskSignal } from '@rewards/shared/contracts/admin-types';
import { useT, type AdminTranslate } from '../../messages';
import { twoFactorWord } from '../../ui/account-words';
import { statusWord } from '../../ui/status-badge';
import styles from './cashouts-page.module.css';

// The API's English label stays the fallback for a signal the console has no words for yet.
const SIGNAL_LABELS: Record<string, (t: AdminTranslate, hours: string) => string> = {
  account_age_days: (t) => t('admin.risk.accountAgeDays'),
  status: (t) => t('admin.risk.status'),
  email_verified: (t) => t('admin.risk.emailVerified'),
  two_factor: (t) => t('admin.risk.twoFactor'),
  earnings_total: (t) => t('admin.risk.earningsTotal'),
  reversals_30_days: (t) => t('admin.risk.reversals30Days'),
  reversed_30_days: (t) => t('admin.risk.reversed30Days'),
  cashouts_paid: (t) => t('admin.risk.cashoutsPaid'),
  destination_paid_before: (t) => t('admin.risk.destinationPaidBefore'),
  destination_other_accounts: (t) => t('admin.risk.destinationOtherAccounts'),
  session_new_device: (t, hours) => t('admin.risk.sessionNewDevice', { hours }),
  referral_flagged: (t) => t('admin.risk.referralFlagged'),
};

function signalLabel(t: AdminTranslate, signal: RiskSignal): string {
  const label = Object.hasOwn(SIGNAL_LABELS, signal.key) ? SIGNAL_LABELS[signal.key] : undefined;
  if (!label) return signal.label;
  const hours = /\d+/.exec(signal.label)?.[0] ?? '?';
  return label(t, hours);
}

function shown(t: AdminTranslate, signal: RiskSignal): string {
  const { value } = signal;
  if (value === null) return '—';
  if (signal.key === 'two_factor' && typeof value === 'string') return twoFactorWord(t, value);
  if ((signal.key === 'status' || signal.key === 'referral_flagged') && typeof value === 'string') return statusWord(t, value);
  if (typeof value === 'boolean') return value ? t('admin.risk.yes') : t('admin.risk.no');
  // Amounts come as the API's English dollars ("$12.50"): written again as the page's language writes money.
  const amount = typeof value === 'string' ? /^(-?)\$(\d+(?:\.\d+)?)$/.exec(value) : null;
  if (amount) return formatDollars(`${amount[1]}${amount[2]}`);
  return String(value);
}

/** The user's risk signals in the API's order, those that call for a look marked in words ("warning"), not colour alone. */
export function RiskSignals({ signals }: { signals: readonly RiskSignal[] }) {
  const t = useT();
  return (
    <ul className={styles.signals}>
      {signals.map((signal) => (
        <li key={signal.key} className={signal.warn ? styles.warnSignal : undefined}>
          {signal.warn ? <span className={styles.warnMark}>{t('admin.risk.warning')} </span> : null}
          {t.rich('admin.risk.signal', { label: signalLabel(t, signal), value: shown(t, signal), strong: (chunks) => <strong>{chunks}</strong> })}
        </li>
      ))}
    </ul>
  );
}
