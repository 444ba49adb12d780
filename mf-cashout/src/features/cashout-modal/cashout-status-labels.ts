import type { CashoutStatus } from '@rewards/shared/contracts/cashout-types';

/** A cashout's status as the success screen words it, in lower case (message keys): `failed` is a delay we are fixing, not a loss. */
export const CASHOUT_STATUS_LABELS = {
  pending: 'cashout.status.pending',
  approved: 'cashout.status.approved',
  sending: 'cashout.status.sending',
  paid: 'cashout.status.paid',
  failed: 'cashout.status.failed',
  returned: 'cashout.status.returned',
  unclaimed: 'cashout.status.unclaimed',
  rejected: 'cashout.status.rejected',
} as const satisfies Record<CashoutStatus, string>;
