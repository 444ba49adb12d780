import type { UserProfile } from '../contracts/api-types';
import type { RootState } from '../store/store';

/** A signed-in user with every field of spec §3, for tests; `overrides` sets the fields a test is about. */
export function sampleUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    email_verified: false,
    two_factor: 'off',
    image: null,
    avatar: null,
    wallet: '12.34',
    pending_wallet: '0.00',
    total_earnings: '40.00',
    referrals_count: 0,
    completed_offers: 3,
    earnings_last_30_days: '12.00',
    referral_code: 'ABC123',
    unread_notifications: 0,
    email_preferences: { cashouts: true, tickets: true, security: true },
    has_password: true,
    staff_role: null,
    language: null,
    ...overrides,
  };
}

/** A store state with `sampleUser(overrides)` signed in. */
export function signedInState(overrides: Partial<UserProfile> = {}): Partial<RootState> {
  return { session: { status: 'authenticated', user: sampleUser(overrides) } };
}
