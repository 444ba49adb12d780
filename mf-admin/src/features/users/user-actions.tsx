import { useState } from 'react';
import type { AccountStatus, AdminUserPage } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { may } from '../../console/sections';
import { useT } from '../../messages';
import { ReasonDialog } from '../../ui/reason-dialog';
import { formatDollars } from '../../ui/format';
import { useCreditUserMutation, useReleaseUserHoldsMutation, useSetUserStatusMutation, useVerifyUserEmailMutation } from './users-api';
import styles from './user-page.module.css';

type Action = 'block' | 'hold' | 'reinstate' | 'credit' | 'verify' | 'release';

const STATUS_ACTIONS = {
  block: { status: 'blocked', label: 'admin.userAction.block', title: 'admin.userAction.blockTitle', busy: 'admin.userAction.blocking', lead: 'admin.userAction.blockLead', done: 'admin.userAction.blocked' },
  hold: { status: 'pending', label: 'admin.userAction.hold', title: 'admin.userAction.holdTitle', busy: 'admin.userAction.holding', lead: 'admin.userAction.holdLead', done: 'admin.userAction.held' },
  reinstate: { status: 'active', label: 'admin.userAction.reinstate', title: 'admin.userAction.reinstateTitle', busy: 'admin.userAction.reinstating', lead: 'admin.userAction.reinstateLead', done: 'admin.userAction.reinstated' },
} as const satisfies Record<'block' | 'hold' | 'reinstate', { status: AccountStatus; [word: string]: string }>;

const BUTTON_LABELS = {
  block: 'admin.userAction.block',
  hold: 'admin.userAction.hold',
  reinstate: 'admin.userAction.reinstate',
  credit: 'admin.userAction.credit',
  verify: 'admin.userAction.verify',
  release: 'admin.userAction.release',
} as const satisfies Record<Action, string>;

/** What the staff member's role may do to this user, each behind a dialog that asks for the reason. */
export function UserActions({ page }: { page: AdminUserPage }) {
  const t = useT();
  const staff = useStaff();
  const { user } = page;
  const [open, setOpen] = useState<Action | null>(null);
  const [notice, setNotice] = useState('');
  const [setStatus] = useSetUserStatusMutation();
  const [credit] = useCreditUserMutation();
  const [verify] = useVerifyUserEmailMutation();
  const [release] = useReleaseUserHoldsMutation();

  const buttons: Action[] = [];
  if (may(staff.staff_role, 'changeUserStatus')) {
    if (user.status !== 'blocked') buttons.push('block');
    if (user.status !== 'pending') buttons.push('hold');
    if (user.status !== 'active') buttons.push('reinstate');
  }
  if (may(staff.staff_role, 'creditUser')) buttons.push('credit');
  if (may(staff.staff_role, 'verifyEmail') && !user.email_verified) buttons.push('verify');
  if (may(staff.staff_role, 'releaseHolds') && page.holds.length > 0) buttons.push('release');
  if (buttons.length === 0) return null;

  const close = () => setOpen(null);
  const who = { email: user.email, id: user.id };
  const auditHint = t('admin.reason.auditHint');
  return (
    <section aria-label={t('admin.userAction.region')} className={styles.actions}>
      {buttons.map((action) => (
        <button key={action} type="button" className={action === 'block' ? `outline-button ${styles.dangerButton}` : 'outline-button'} onClick={() => setOpen(action)}>
          {t(BUTTON_LABELS[action])}
        </button>
      ))}
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {open === 'block' || open === 'hold' || open === 'reinstate' ? (
        <ReasonDialog
          title={t(STATUS_ACTIONS[open].title, who)}
          lead={t(STATUS_ACTIONS[open].lead)}
          confirmLabel={t(STATUS_ACTIONS[open].label)}
          busyLabel={t(STATUS_ACTIONS[open].busy)}
          reasonHint={auditHint}
          danger={open === 'block'}
          onSubmit={({ reason }) => setStatus({ id: user.id, status: STATUS_ACTIONS[open].status, reason }).unwrap()}
          onDone={() => setNotice(t(STATUS_ACTIONS[open].done))}
          onClose={close}
        />
      ) : null}
      {open === 'credit' ? (
        <ReasonDialog
          title={t('admin.userAction.creditTitle', who)}
          lead={t('admin.userAction.creditLead')}
          amount={{ label: t('admin.userAction.creditAmount') }}
          confirmLabel={t('admin.userAction.credit')}
          busyLabel={t('admin.userAction.crediting')}
          reasonHint={auditHint}
          onSubmit={({ reason, amount }) => credit({ id: user.id, amount, reason }).unwrap()}
          onDone={(result) => setNotice(t('admin.userAction.credited', { balance: formatDollars((result as { balance?: string }).balance) }))}
          onClose={close}
        />
      ) : null}
      {open === 'verify' ? (
        <ReasonDialog
          title={t('admin.userAction.verifyTitle', who)}
          lead={t('admin.userAction.verifyLead')}
          confirmLabel={t('admin.userAction.verify')}
          busyLabel={t('admin.userAction.verifying')}
          reasonHint={auditHint}
          onSubmit={({ reason }) => verify({ id: user.id, reason }).unwrap()}
          onDone={() => setNotice(t('admin.userAction.verified'))}
          onClose={close}
        />
      ) : null}
      {open === 'release' ? (
        <ReasonDialog
          title={t('admin.userAction.releaseTitle', who)}
          lead={t('admin.userAction.releaseLead')}
          confirmLabel={t('admin.userAction.releaseConfirm')}
          busyLabel={t('admin.userAction.releasing')}
          reasonHint={auditHint}
          onSubmit={({ reason }) => release({ id: user.id, reason }).unwrap()}
          onDone={(result) => setNotice(t('admin.userAction.released', { amount: formatDollars((result as { amount?: string }).amount) }))}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
