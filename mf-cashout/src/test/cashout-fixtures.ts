import type { Earning, ReversalRate } from '@rewards/shared/contracts/earnings-types';
import type { Cashout, CashoutStats } from '@rewards/shared/contracts/cashout-types';

export function cashoutStats(stats: Partial<CashoutStats> = {}): CashoutStats {
  return {
    current_balance: '12.34',
    pending_amount: '2.00',
    pending_count: 1,
    total_requested: '7.50',
    total_approved: '5.50',
    total_amount: '40.00',
    ...stats,
  };
}

export function cashout(fields: Partial<Cashout> = {}): Cashout {
  return {
    id: 1,
    method: 'paypal',
    amount: '2.00',
    account: 'pat@example.com',
    status: 'pending',
    created_at: '2025-03-05T14:30:00.000Z',
    reviewed_at: null,
    rejection_reason: null,
    provider_reference: null,
    paid_at: null,
    ...fields,
  };
}

export function earning(fields: Partial<Earning> = {}): Earning {
  return {
    id: 1,
    kind: 'credit',
    title: 'Dragon Forge Legends',
    title_key: null,
    payout_method: null,
    wall: 'bloomtask',
    amount: '1.50',
    status: 'available',
    available_at: null,
    created_at: '2025-03-05T14:30:00.000Z',
    reason: null,
    ...fields,
  };
}

export function reversalRate(fields: Partial<ReversalRate> = {}): ReversalRate {
  return { reversed: 2, credits: 40, percent: 5, window_days: 90, holds_longer: false, above_percent: 10, min_reversals: 5, hold_days: 14, ...fields };
}
