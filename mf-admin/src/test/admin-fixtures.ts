import type {
  AdminCashoutRow,
  AdminOverview,
  AdminTicket,
  AdminUserPage,
  AdminUserRow,
  AuditRow,
  Callback,
  StaffMe,
  StaffRole,
} from '@rewards/shared/contracts/admin-types';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';

/** A staff member who may open the console (two-factor fresh, console cookie present); `overrides` set the rest. */
export function staffMe(overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 900,
    email: 'grace@example.com',
    name: 'Grace Hopper',
    staff_role: 'admin',
    two_factor: 'totp',
    verified_at: '2026-11-27T08:00:00.000Z',
    fresh_until: '2026-11-27T20:00:00.000Z',
    fresh: true,
    console_session: true,
    ...overrides,
  };
}

/** `{ status: 'success', data }`, as every console route answers. */
export const success = (data: unknown) => () => jsonResponse({ status: 'success', data });

/** An error envelope with its `code`, as the console's gate answers. */
export const refusal = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => () =>
  jsonResponse({ status: 'error', code, message, ...extra }, status);

export const page = <T,>(items: T[], next_cursor: string | null = null) => success({ items, next_cursor });

export function meAs(role: StaffRole, overrides: Partial<StaffMe> = {}) {
  return success(staffMe({ staff_role: role, ...overrides }));
}

export function userRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 7,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    status: 'active',
    email_verified: false,
    staff_role: null,
    balance: '12.340',
    balance_coins: 12340,
    pending: '2.000',
    pending_coins: 2000,
    created_at: '2026-10-01T09:30:00.000Z',
    ...overrides,
  };
}

export function callback(overrides: Partial<Callback> = {}): Callback {
  return {
    id: 55,
    received_at: '2026-11-26T10:00:00.000Z',
    wall: 'lootably',
    outcome: 'credited',
    status_code: 200,
    reason: 'credited',
    user_id: 7,
    txid: 'tx-123',
    amount: '1.500',
    amount_coins: 1500,
    source_ip: '203.0.113.9',
    replay_of: null,
    truncated: false,
    method: 'GET',
    path: '/api/postbacks/lootably',
    query: 'user_id=7&txid=tx-123&amount=1.5&sig=abc',
    body: '',
    headers: { 'user-agent': 'Lootably/1.0' },
    ...overrides,
  };
}

export function auditRow(overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 301,
    at: '2026-11-26T11:00:00.000Z',
    operator: 'grace@example.com',
    kind: 'change',
    command: 'users:credit',
    arguments: ['7', '2.50'],
    reason: 'Goodwill after outage',
    user_id: 7,
    user_email: 'ada@example.com',
    outcome: 'done',
    result: null,
    ...overrides,
  };
}

export function userPage(overrides: Partial<AdminUserPage> = {}): AdminUserPage {
  return {
    user: {
      ...userRow(),
      two_factor: 'off',
      sign_in: ['password'],
      referral_code: 'ADA123',
      referred_by: { id: 3, email: 'bob@example.com' },
      completed_offers: 4,
      total_earnings: '40.000',
      earnings_last_30_days: '12.000',
    },
    earnings: [],
    sessions: [
      {
        id: 1,
        device: 'Chrome on Windows',
        ip: '198.51.100.4',
        created_at: '2026-11-20T08:00:00.000Z',
        last_seen_at: '2026-11-26T08:00:00.000Z',
        expires_at: '2026-12-20T08:00:00.000Z',
        revoked_at: null,
        two_factor_at: null,
      },
    ],
    callbacks: [callback()],
    tickets: [{ id: 12, status: 'awaiting', offer_name: 'Raid Legends', created_at: '2026-11-25T08:00:00.000Z', credited: null }],
    referrals: { count: 1, latest: [{ id: 8, email: 'cy@example.com', created_at: '2026-11-02T08:00:00.000Z' }], review: null },
    holds: [{ id: 4, reference: 'offer:991', amount: '2.000', amount_coins: 2000, reason: 'new account', held_at: '2026-11-26T08:00:00.000Z', release_at: '2026-12-03T08:00:00.000Z' }],
    audit: [auditRow()],
    ...overrides,
  };
}

export function cashoutRow(overrides: Partial<AdminCashoutRow> = {}): AdminCashoutRow {
  return {
    id: 41,
    user_id: 7,
    email: 'ada@example.com',
    method: 'paypal',
    account: 'ada@paypal.example',
    amount: '25.000',
    amount_coins: 25000,
    status: 'pending',
    rail: 'paypal_payouts',
    created_at: '2026-11-26T07:00:00.000Z',
    review_rule: 'first cashout over $10; new device',
    risk: [
      { key: 'account_age_days', label: 'Account age (days)', value: 2, warn: true },
      { key: 'email_verified', label: 'Email verified', value: true, warn: false },
      { key: 'reversals_30_days', label: 'Reversals, last 30 days', value: 3, warn: true },
    ],
    ...overrides,
  };
}

export function overview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const start = Date.parse('2026-11-26T12:00:00.000Z');
  return {
    open_tickets: { total: 5, awaiting: 3, answered: 2 },
    cashouts_in_review: 4,
    failing_payouts: 1,
    hourly: Array.from({ length: 24 }, (_, index) => ({
      hour: new Date(start + index * 3_600_000).toISOString(),
      credits: index === 23 ? '3.000' : '0.000',
      credits_coins: index === 23 ? 3000 : 0,
      credits_count: index === 23 ? 2 : 0,
      reversals: index === 22 ? '0.500' : '0.000',
      reversals_coins: index === 22 ? 500 : 0,
      reversals_count: index === 22 ? 1 : 0,
    })),
    ...overrides,
  };
}

export function ticket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  return {
    id: 12,
    user_id: 7,
    email: 'ada@example.com',
    status: 'awaiting',
    offer_name: 'Raid Legends',
    offer_id: 'raid-1',
    wall: 'lootably',
    completed_at: '2026-11-24T08:00:00.000Z',
    credited: null,
    credited_coins: null,
    resolution: null,
    partner_credited_at: null,
    created_at: '2026-11-25T08:00:00.000Z',
    has_screenshot: true,
    details: 'I reached level 20 but got nothing.',
    screenshot_type: 'image/png',
    messages: [{ id: 1, author: 'user', operator: null, text: 'Still waiting for my coins.', created_at: '2026-11-25T09:00:00.000Z' }],
    last_callbacks: [callback()],
    ...overrides,
  };
}
