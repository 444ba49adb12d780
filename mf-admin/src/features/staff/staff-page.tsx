import { useId, useState, type FormEvent } from 'react';
import { Link } from '@rewards/shared/router';
import type { StaffMember, StaffRole } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterSelect } from '../../ui/filter-select';
import { formatTime } from '../../ui/format';
import { Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useAddStaffMutation, useGetStaffQuery, useRemoveStaffMutation } from './staff-api';
import styles from './staff-page.module.css';

const ROLES: ReadonlyArray<{ value: StaffRole; label: string }> = [
  { value: 'support', label: 'Support: users (read), tickets, messages, callbacks (read)' },
  { value: 'finance', label: 'Finance: cashouts, payouts, credits, holds, referrals' },
  { value: 'admin', label: 'Admin: everything, staff and content too' },
];

/** Who works in the console, with which role; admins add, change and remove them (as `ops staff:*` does). */
export default function StaffPage() {
  const me = useStaff();
  const staff = useGetStaffQuery();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState('');
  const [remove] = useRemoveStaffMutation();
  const columns: TableColumn<StaffMember>[] = [
    { id: 'email', header: 'Staff member', rowHeader: true, sortValue: (row) => row.email, cell: (row) => <Link to={`/admin/users/${row.user_id}`}>{row.email}</Link> },
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'role', header: 'Role', sortValue: (row) => row.role, cell: (row) => row.role },
    { id: 'twoFactor', header: 'Two-factor', cell: (row) => (row.two_factor === 'off' ? 'off: cannot open the console' : row.two_factor) },
    { id: 'added', header: 'Added', sortValue: (row) => row.added_at, cell: (row) => `${formatTime(row.added_at)} by ${row.added_by}` },
    { id: 'reason', header: 'Why', cell: (row) => <span className={styles.wrap}>{row.reason}</span> },
    {
      id: 'remove',
      header: 'Action',
      cell: (row) =>
        row.user_id === me.id ? (
          <span className={styles.muted}>you</span>
        ) : (
          <button type="button" className="outline-button" aria-label={`Remove ${row.email} from staff`} onClick={() => setRemoving(row)}>
            Remove
          </button>
        ),
    },
  ];
  return (
    <ConsolePage title="Staff" lead="Who may open this console, and what their role lets them do.">
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label="staff" isLoading={staff.isLoading} error={staff.error} onRetry={() => void staff.refetch()}>
        <DataTable caption="Staff members" columns={columns} rows={staff.data ?? []} rowKey={(row) => row.user_id} empty="No staff member. Add one below." />
      </QueryView>
      <AddStaff onDone={setNotice} />
      {removing ? (
        <ReasonDialog
          title={`Remove ${removing.email} from staff`}
          lead="They keep their user account; the console is closed to them at once."
          confirmLabel="Remove"
          busyLabel="Removing…"
          reasonHint="Kept in the audit log with your email."
          danger
          onSubmit={({ reason }) => remove({ userId: removing.user_id, reason }).unwrap()}
          onDone={() => setNotice(`${removing.email} is no longer staff.`)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </ConsolePage>
  );
}

function AddStaff({ onDone }: { onDone: (notice: string) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [asking, setAsking] = useState(false);
  const [checked, setChecked] = useState(false);
  const [add] = useAddStaffMutation();
  const ids = { email: useId(), error: useId() };
  const invalid = checked && !/^[^\s@]+@[^\s@]+$/.test(email.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (/^[^\s@]+@[^\s@]+$/.test(email.trim())) setAsking(true);
  };
  return (
    <Panel title="Add a staff member, or change a role">
      <form className={styles.add} onSubmit={submit} noValidate>
        <div className="text-field">
          <label htmlFor={ids.email} className="text-field-label">
            Email of their user account
          </label>
          <input id={ids.email} type="email" className="text-field-input" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? ids.error : undefined} />
          {invalid ? (
            <p id={ids.error} className={styles.error}>
              An email address, like ada@example.com.
            </p>
          ) : null}
        </div>
        <FilterSelect label="Role" value={role} options={ROLES} onChange={setRole} />
        <button type="submit" className="pill-button">
          Add or change
        </button>
      </form>
      {asking ? (
        <ReasonDialog
          title={`Make ${email.trim()} ${role}`}
          lead="They need two-factor sign-in on before the console opens for them."
          confirmLabel="Confirm"
          busyLabel="Saving…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason }) => add({ email: email.trim(), role, reason }).unwrap()}
          onDone={() => {
            onDone(`${email.trim()} is now ${role}.`);
            setEmail('');
            setChecked(false);
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Panel>
  );
}
