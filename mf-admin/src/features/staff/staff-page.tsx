import { useId, useState, type FormEvent } from 'react';
import { Link } from '@rewards/shared/router';
import type { StaffMember, StaffRole } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { useT } from '../../messages';
import { twoFactorWord } from '../../ui/account-words';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterSelect } from '../../ui/filter-select';
import { formatTime } from '../../ui/format';
import { Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useAddStaffMutation, useGetStaffQuery, useRemoveStaffMutation } from './staff-api';
import styles from './staff-page.module.css';

const ROLES = [
  { value: 'support', label: 'admin.staff.roleOption.support' },
  { value: 'finance', label: 'admin.staff.roleOption.finance' },
  { value: 'admin', label: 'admin.staff.roleOption.admin' },
] as const satisfies ReadonlyArray<{ value: StaffRole; label: string }>;

const ROLE_NAMES = { support: 'admin.role.support', finance: 'admin.role.finance', admin: 'admin.role.admin' } as const satisfies Record<StaffRole, string>;

/** Who works in the console, with which role; admins add, change and remove them (as `ops staff:*` does). */
export default function StaffPage() {
  const t = useT();
  const me = useStaff();
  const staff = useGetStaffQuery();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState('');
  const [remove] = useRemoveStaffMutation();
  const columns: TableColumn<StaffMember>[] = [
    { id: 'email', header: t('admin.staff.column.member'), rowHeader: true, sortValue: (row) => row.email, cell: (row) => <Link to={`/admin/users/${row.user_id}`}>{row.email}</Link> },
    { id: 'name', header: t('admin.users.column.name'), cell: (row) => row.name },
    { id: 'role', header: t('admin.staff.column.role'), sortValue: (row) => row.role, cell: (row) => t(ROLE_NAMES[row.role]) },
    { id: 'twoFactor', header: t('admin.user.twoFactor'), cell: (row) => (row.two_factor === 'off' ? t('admin.staff.twoFactorOff') : twoFactorWord(t, row.two_factor)) },
    { id: 'added', header: t('admin.staff.column.added'), sortValue: (row) => row.added_at, cell: (row) => t('admin.staff.addedBy', { time: formatTime(row.added_at), by: row.added_by }) },
    { id: 'reason', header: t('admin.user.holdWhy'), cell: (row) => <span className={styles.wrap}>{row.reason}</span> },
    {
      id: 'remove',
      header: t('admin.payouts.column.action'),
      cell: (row) =>
        row.user_id === me.id ? (
          <span className={styles.muted}>{t('admin.staff.you')}</span>
        ) : (
          <button type="button" className="outline-button" aria-label={t('admin.staff.removeTitle', { email: row.email })} onClick={() => setRemoving(row)}>
            {t('admin.staff.remove')}
          </button>
        ),
    },
  ];
  return (
    <ConsolePage title={t('admin.section.staff')} lead={t('admin.staff.lead')}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label={t('admin.loading.staff')} isLoading={staff.isLoading} error={staff.error} onRetry={() => void staff.refetch()}>
        <DataTable caption={t('admin.staff.caption')} columns={columns} rows={staff.data ?? []} rowKey={(row) => row.user_id} empty={t('admin.staff.empty')} />
      </QueryView>
      <AddStaff onDone={setNotice} />
      {removing ? (
        <ReasonDialog
          title={t('admin.staff.removeTitle', { email: removing.email })}
          lead={t('admin.staff.removeLead')}
          confirmLabel={t('admin.staff.remove')}
          busyLabel={t('admin.staff.removing')}
          reasonHint={t('admin.reason.auditHint')}
          danger
          onSubmit={({ reason }) => remove({ userId: removing.user_id, reason }).unwrap()}
          onDone={() => setNotice(t('admin.staff.removed', { email: removing.email }))}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </ConsolePage>
  );
}

function AddStaff({ onDone }: { onDone: (notice: string) => void }) {
  const t = useT();
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
    <Panel title={t('admin.staff.addTitle')}>
      <form className={styles.add} onSubmit={submit} noValidate>
        <div className="text-field">
          <label htmlFor={ids.email} className="text-field-label">
            {t('admin.staff.emailLabel')}
          </label>
          <input id={ids.email} type="email" className="text-field-input" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? ids.error : undefined} />
          {invalid ? (
            <p id={ids.error} className={styles.error}>
              {t('admin.staff.emailInvalid')}
            </p>
          ) : null}
        </div>
        <FilterSelect label={t('admin.staff.column.role')} value={role} options={ROLES.map((option) => ({ value: option.value, label: t(option.label) }))} onChange={setRole} />
        <button type="submit" className="pill-button">
          {t('admin.staff.addSubmit')}
        </button>
      </form>
      {asking ? (
        <ReasonDialog
          title={t('admin.staff.makeTitle', { email: email.trim(), role: t(ROLE_NAMES[role]) })}
          lead={t('admin.staff.makeLead')}
          confirmLabel={t('admin.staff.confirm')}
          busyLabel={t('admin.staff.saving')}
          reasonHint={t('admin.reason.auditHint')}
          onSubmit={({ reason }) => add({ email: email.trim(), role, reason }).unwrap()}
          onDone={() => {
            onDone(t('admin.staff.made', { email: email.trim(), role: t(ROLE_NAMES[role]) }));
            setEmail('');
            setChecked(false);
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Panel>
  );
}
