import { lazy, Suspense, useId, useState } from 'react';
import { api } from '@rewards/shared/api/api';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { signedOut } from '@rewards/shared/store/session-slice';
import { logout } from '@rewards/shared/store/session-thunks';
import { selectLiveStats, setLiveStats } from '@rewards/shared/store/settings-slice';
import { LogOutIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import form from '../../ui/form.module.css';
import { EmailPreferencesSetting } from './email-preferences';
import { SettingSwitch } from './setting-switch';
import { useDeleteAccountMutation } from './settings-api';
import { useT } from '../../messages';
import styles from './settings-modal.module.css';

// The account's security sections load beside the modal, not with it: they cost mf-account's initial JS nothing.
const SignedInSessionsSetting = lazy(() => import('./signed-in-sessions').then((module) => ({ default: module.SignedInSessionsSetting })));
const TwoFactorSetting = lazy(() => import('./two-factor-setting').then((module) => ({ default: module.TwoFactorSetting })));

/**
 * Exposed as `mf_account/settings-modal`: Live Stats, the email switches, Log out, and Delete account behind an explicit
 * confirmation (spec §2; ARCHITECTURE: delete asks first).
 */
export default function SettingsModal({ onClose }: SlotComponentProps) {
  const t = useT();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  return confirmingDelete ? (
    <DeleteAccountConfirmation onCancel={() => setConfirmingDelete(false)} onClose={onClose} />
  ) : (
    <Modal title={t('settings.title')} onClose={onClose}>
      <div className={styles.sections}>
        <LiveStatsSetting />
        <EmailPreferencesSetting />
        <Suspense fallback={null}>
          <SignedInSessionsSetting />
          <TwoFactorSetting />
        </Suspense>
        <LogOutButton onClose={onClose} />
        <section className={styles.danger} aria-labelledby="settings-delete-title">
          <h3 id="settings-delete-title" className={styles.sectionTitle}>
            {t('settings.delete.title')}
          </h3>
          <p className={styles.text}>{t('settings.delete.text')}</p>
          <button type="button" className={styles.dangerOutline} onClick={() => setConfirmingDelete(true)}>
            <TrashIcon />
            {t('settings.delete.open')}
          </button>
        </section>
      </div>
    </Modal>
  );
}

function LiveStatsSetting() {
  const t = useT();
  const dispatch = useAppDispatch();
  const liveStats = useAppSelector(selectLiveStats);
  const labelId = useId();
  const descriptionId = useId();
  return (
    <section className={styles.setting}>
      <div>
        <h3 id={labelId} className={styles.sectionTitle}>
          {t('settings.liveStats.title')}
        </h3>
        <p id={descriptionId} className={styles.text}>
          {t('settings.liveStats.text')}
        </p>
      </div>
      <SettingSwitch labelledBy={labelId} describedBy={descriptionId} on={liveStats} onToggle={() => dispatch(setLiveStats(!liveStats))} autoFocus />
    </section>
  );
}

function LogOutButton({ onClose }: { onClose: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function logOut() {
    setBusy(true);
    // The session ends whatever the server answers (spec §4); the thunk logs a refusal.
    await dispatch(logout());
    navigate(PATHS.home);
    onClose();
  }
  return (
    <button type="button" className={`outline-button ${form.secondary}`} onClick={logOut} disabled={busy}>
      <LogOutIcon />
      {busy ? t('settings.loggingOut') : t('settings.logOut')}
    </button>
  );
}

function DeleteAccountConfirmation({ onCancel, onClose }: { onCancel: () => void; onClose: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteAccount().unwrap();
    } catch (error) {
      // Spec §8: a failed deletion is only logged.
      console.warn('Delete account failed', error);
      setBusy(false);
      return;
    }
    localStorage.clear();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    navigate(PATHS.home);
    onClose();
  }

  return (
    <Modal title={t('settings.delete.confirmTitle')} onClose={onClose}>
      <p className={styles.warning}>
        {t('settings.delete.warning')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={form.danger} onClick={confirm} disabled={busy}>
          {busy ? t('settings.delete.busy') : t('settings.delete.confirm')}
        </button>
        <button type="button" className={`outline-button ${form.secondary}`} onClick={onCancel} disabled={busy} data-autofocus>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
