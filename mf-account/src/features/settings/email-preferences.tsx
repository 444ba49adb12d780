import { useId, useState } from 'react';
import type { EmailPreferences } from '@rewards/shared/contracts/notifications';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { SettingSwitch } from './setting-switch';
import { useUpdateEmailPreferencesMutation } from './settings-api';
import { useT } from '../../messages';
import styles from './settings-modal.module.css';

const SWITCHES = [
  { name: 'cashouts', label: 'settings.emails.cashouts', description: 'settings.emails.cashoutsText' },
  { name: 'tickets', label: 'settings.emails.tickets', description: 'settings.emails.ticketsText' },
  { name: 'security', label: 'settings.emails.security', description: 'settings.emails.securityText' },
] as const satisfies ReadonlyArray<{ name: keyof EmailPreferences; label: string; description: string }>;

/** The three email switches, saved on the server (the bell's notifications come whatever they say). */
export function EmailPreferencesSetting() {
  const t = useT();
  const preferences = useAppSelector(selectUser)?.email_preferences;
  const [update, { isError }] = useUpdateEmailPreferencesMutation();
  const [saving, setSaving] = useState<keyof EmailPreferences | null>(null);
  const headingId = useId();
  if (!preferences) return null;

  async function toggle(name: keyof EmailPreferences) {
    setSaving(name);
    await update({ [name]: !preferences![name] }).catch(() => undefined);
    setSaving(null);
  }

  return (
    <section className={styles.setting} aria-labelledby={headingId}>
      <div className={styles.emails}>
        <h3 id={headingId} className={styles.sectionTitle}>
          {t('settings.emails.title')}
        </h3>
        {SWITCHES.map(({ name, label, description }) => (
          <EmailSwitch key={name} label={t(label)} description={t(description)} on={preferences[name]} busy={saving === name} onToggle={() => void toggle(name)} />
        ))}
        {isError ? (
          <p className={styles.error} role="alert">
            {t('settings.emails.saveFailed')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

type SwitchProps = { label: string; description: string; on: boolean; busy: boolean; onToggle: () => void };

function EmailSwitch({ label, description, on, busy, onToggle }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.emailRow}>
      <div>
        <p id={labelId} className={styles.switchLabel}>
          {label}
        </p>
        <p id={descriptionId} className={styles.text}>
          {description}
        </p>
      </div>
      <SettingSwitch labelledBy={labelId} describedBy={descriptionId} on={on} busy={busy} onToggle={onToggle} />
    </div>
  );
}
