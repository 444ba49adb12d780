import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isProfileFulfilled, isProfileRejected } from '../api/profile-actions';
import type { UserProfile } from '../contracts/api-types';

/** Spec §4: unknown at start, then authenticated or unauthenticated by one profile fetch. */
export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';

export type SessionState = { status: SessionStatus; user: UserProfile | null };

const initialState: SessionState = { status: 'unknown', user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A call that changed the balance answered the new one (dollars, two decimals). */
    walletUpdated(state, action: PayloadAction<Pick<UserProfile, 'wallet'> & Partial<Pick<UserProfile, 'pending_wallet'>>>) {
      if (!state.user) return;
      state.user.wallet = action.payload.wallet;
      if (action.payload.pending_wallet !== undefined) state.user.pending_wallet = action.payload.pending_wallet;
    },
    /** A notification arrived live (`notification.created`): one more unread. */
    notificationArrived(state) {
      if (state.user) state.user.unread_notifications += 1;
    },
    /** The notification centre's answer says how many are unread. */
    unreadNotificationsChanged(state, action: PayloadAction<number>) {
      if (state.user) state.user.unread_notifications = action.payload;
    },
    signedOut(state) {
      state.status = 'unauthenticated';
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isProfileFulfilled, (state, action) => {
        state.status = 'authenticated';
        state.user = action.payload;
      })
      .addMatcher(isProfileRejected, (state, action) => {
        if (action.meta.condition) return;
        // At start any failure means "not signed in" (spec §8); later, only the server saying so ends
        // the session, not a network blip or a 5xx.
        const sessionEnded = action.payload?.status === 401;
        if (state.status === 'authenticated' && !sessionEnded) return;
        state.status = 'unauthenticated';
        state.user = null;
      });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.status === 'authenticated',
  },
});

export const { signedOut, walletUpdated, notificationArrived, unreadNotificationsChanged } = sessionSlice.actions;
export const { selectSessionStatus, selectUser, selectIsAuthenticated } = sessionSlice.selectors;
