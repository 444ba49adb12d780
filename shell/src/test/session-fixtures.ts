import type { UserProfile } from '@rewards/shared/contracts/api-types';
import type { RootState } from '@rewards/shared/store/store';

export const ADA: UserProfile = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  avatar: null,
  wallet: '12.34',
  total_earnings: '40.00',
  referrals_count: 0,
  completed_offers: 3,
  earnings_last_30_days: '12.00',
  referral_code: 'ABC123',
};

export function signedIn(user: Partial<UserProfile> = {}): Partial<RootState> {
  return { session: { status: 'authenticated', user: { ...ADA, ...user } } };
}

export const signedOut: Partial<RootState> = { session: { status: 'unauthenticated', user: null } };

export const sessionUnknown: Partial<RootState> = { session: { status: 'unknown', user: null } };
