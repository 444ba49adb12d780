import { envelopeData } from '@rewards/shared/api/envelope';
import type { StaffMe, VerifyCodePayload } from '@rewards/shared/contracts/admin-types';
import { adminApi } from '../../console/admin-api';

/** The console's own session: who the staff member is, the code step, and the console cookie (`admin_session`). */
const staffSessionApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffMe: build.query<StaffMe, void>({
      query: () => '/admin/me',
      transformResponse: (body: unknown) => envelopeData<StaffMe>(body),
      providesTags: ['StaffMe'],
    }),
    /** Emails a 6-digit code (email method only; again after 60 s). */
    sendStaffCode: build.mutation<unknown, void>({
      query: () => ({ url: '/admin/verify/send', method: 'POST', body: {} }),
    }),
    verifyStaffCode: build.mutation<StaffMe, VerifyCodePayload>({
      query: (body) => ({ url: '/admin/verify', method: 'POST', body }),
      transformResponse: (body: unknown) => envelopeData<StaffMe>(body),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => replaceStaffMe(dispatch, queryFulfilled),
    }),
    /** The console cookie while the second factor is fresh (no code). */
    openConsoleSession: build.mutation<StaffMe, void>({
      query: () => ({ url: '/admin/session', method: 'POST', body: {} }),
      transformResponse: (body: unknown) => envelopeData<StaffMe>(body),
      // Refused (the second factor went stale meanwhile): who the staff member is, and so the code step, again.
      invalidatesTags: (_result, error) => (error ? ['StaffMe'] : []),
      onQueryStarted: (_, { dispatch, queryFulfilled }) => replaceStaffMe(dispatch, queryFulfilled),
    }),
  }),
});

async function replaceStaffMe(dispatch: (action: unknown) => unknown, fulfilled: Promise<{ data: StaffMe }>) {
  try {
    const { data } = await fulfilled;
    await dispatch(staffSessionApi.util.upsertQueryData('getStaffMe', undefined, data));
  } catch {
    // The mutation's own caller shows the refusal.
  }
}

export const { useGetStaffMeQuery, useSendStaffCodeMutation, useVerifyStaffCodeMutation, useOpenConsoleSessionMutation } = staffSessionApi;
