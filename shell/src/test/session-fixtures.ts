import type { RootState } from '@rewards/shared/store/store';

export const signedOut: Partial<RootState> = { session: { status: 'unauthenticated', user: null } };

export const sessionUnknown: Partial<RootState> = { session: { status: 'unknown', user: null } };
