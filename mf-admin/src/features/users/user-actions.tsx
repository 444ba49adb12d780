import { useState } from 'react';
import type { AccountStatus, AdminUserPage } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { may } from '../../console/sections';
import { ReasonDialog } from '../../ui/reason-dialog';
import { formatDollars } from '../../ui/format';
import { useCreditUserMutation, useReleaseUserHoldsMutation, useSetUserStatusMutation, useVerifyUserEmailMutation } from './users-api';
import styles from './user-page.module.css';

type Action = 'block' | 'hold' | 'reinstate' | 'credit' | 'verify' | 'release';

const STATUS_ACTIONS: Record<'block' | 'hold' | 'reinstate', { status: AccountStatus; label: string; busy: string; lead: string; done: string }> = {
  block: { status: 'blocked', label: 'Block', busy: 'Blocking…', lead: 'The user is signed out everywhere and cannot sign in.', done: 'User blocked.' },
  hold: { status: 'pending', label: 'Hold', busy: 'Holding…', lead: 'The account is put on hold (pending): no cashouts until reinstated.', done: 'Account on hold.' },
  reinstate: { status: 'active', label: 'Reinstate', busy: 'Reinstating…', lead: 'The account is active again.', done: 'Account reinstated.' },
};

/** What the staff member's role may do to this user, each behind a dialog that asks for the reason. */
export function UserActions({ page }: { page: AdminUserPage }) {
  const staff = useStaff();
  const { user } = page;
  const [open, setOpen] = useState<Action | null>(null);
  const [notice, setNotice] = useState('');
  const [setStatus] = useSetUserStatusMutation();
  const [credit] = useCreditUserMutation();
  const [verify] = useVerifyUserEmailMutation();
  const [release] = useReleaseUserHoldsMutation();

  const buttons: Array<{ action: Action; label: string }> = [];
  if (may(staff.staff_role, 'changeUserStatus')) {
    if (user.status !== 'blocked') buttons.push({ action: 'block', label: 'Block' });
    if (user.status !== 'pending') buttons.push({ action: 'hold', label: 'Hold' });
    if (user.status !== 'active') buttons.push({ action: 'reinstate', label: 'Reinstate' });
  }
  if (may(staff.staff_role, 'creditUser')) buttons.push({ action: 'credit', label: 'Credit' });
  if (may(staff.staff_role, 'verifyEmail') && !user.email_verified) buttons.push({ action: 'verify', label: 'Verify email' });
  if (may(staff.staff_role, 'releaseHolds') && page.holds.length > 0) buttons.push({ action: 'release', label: 'Release held credits' });
  if (buttons.length === 0) return null;

  const close = () => setOpen(null);
  const who = `${user.email} (#${user.id})`;
  return (
    <section aria-label="Actions" className={styles.actions}>
      {buttons.map(({ action, label }) => (
        <button key={action} type="button" className={action === 'block' ? `outline-button ${styles.dangerButton}` : 'outline-button'} onClick={() => setOpen(action)}>
          {label}
        </button>
      ))}
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {open === 'block' || open === 'hold' || open === 'reinstate' ? (
        <ReasonDialog
          title={`${STATUS_ACTIONS[open].label} ${who}`}
          lead={STATUS_ACTIONS[open].lead}
          confirmLabel={STATUS_ACTIONS[open].label}
          busyLabel={STATUS_ACTIONS[open].busy}
          reasonHint="Kept in the audit log with your email."
          danger={open === 'block'}
          onSubmit={({ reason }) => setStatus({ id: user.id, status: STATUS_ACTIONS[open].status, reason }).unwrap()}
          onDone={() => setNotice(STATUS_ACTIONS[open].done)}
          onClose={close}
        />
      ) : null}
      {open === 'credit' ? (
        <ReasonDialog
          title={`Credit ${who}`}
          lead="Adds to the available balance at once, as a manual credit."
          amount={{ label: 'Amount (dollars)' }}
          confirmLabel="Credit"
          busyLabel="Crediting…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason, amount }) => credit({ id: user.id, amount, reason }).unwrap()}
          onDone={(result) => setNotice(`Credited. Balance now ${formatDollars((result as { balance?: string }).balance)}.`)}
          onClose={close}
        />
      ) : null}
      {open === 'verify' ? (
        <ReasonDialog
          title={`Verify the email of ${who}`}
          lead="Marks the address as the user's, as if they had entered the emailed code."
          confirmLabel="Verify email"
          busyLabel="Verifying…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason }) => verify({ id: user.id, reason }).unwrap()}
          onDone={() => setNotice('Email verified.')}
          onClose={close}
        />
      ) : null}
      {open === 'release' ? (
        <ReasonDialog
          title={`Release the held credits of ${who}`}
          lead="Every held credit becomes available now, before its date."
          confirmLabel="Release"
          busyLabel="Releasing…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason }) => release({ id: user.id, reason }).unwrap()}
          onDone={(result) => setNotice(`Released ${formatDollars((result as { amount?: string }).amount)}.`)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
