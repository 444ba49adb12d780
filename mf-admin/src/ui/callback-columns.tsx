import { Link } from '@rewards/shared/router';
import type { Callback } from '@rewards/shared/contracts/admin-types';
import type { AdminTranslate } from '../messages';
import type { TableColumn } from './data-table';
import { formatDollars, formatTime } from './format';
import { StatusBadge } from './status-badge';

/** A user's or a ticket's last partner callbacks, each linked to its page in the postback log. */
export const callbackColumns = (t: AdminTranslate): TableColumn<Callback>[] => [
  { id: 'at', header: t('admin.column.received'), rowHeader: true, cell: (callback) => <Link to={`/admin/postbacks/${callback.id}`}>{formatTime(callback.received_at)}</Link> },
  { id: 'wall', header: t('admin.column.wall'), cell: (callback) => callback.wall },
  { id: 'outcome', header: t('admin.column.outcome'), cell: (callback) => <StatusBadge status={callback.outcome} /> },
  { id: 'txid', header: t('admin.column.transaction'), cell: (callback) => callback.txid ?? '—' },
  { id: 'amount', header: t('admin.column.amount'), numeric: true, cell: (callback) => formatDollars(callback.amount) },
];
