import type {
  AdminPage,
  AdminUserPage,
  AdminUserRow,
  LedgerRow,
  ReasonPayload,
  UserCreditPayload,
  UserStatusPayload,
} from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminListQuery, adminQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

export const USERS_PAGE_SIZE = 50;

type UserChange<P> = { id: number } & P;

const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** By email, name (any part, any case) or id; newest first. */
    searchUsers: build.infiniteQuery<AdminPage<AdminUserRow>, string, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<AdminUserRow, string>((q, cursor) => ({ url: '/admin/users', params: listParams({ q, limit: USERS_PAGE_SIZE }, cursor) })),
      providesTags: ['AdminUsers'],
    }),
    getAdminUser: build.query<AdminUserPage, number>({
      queryFn: adminQuery<AdminUserPage, number>((id) => `/admin/users/${id}`),
      providesTags: (_result, _error, id) => [{ type: 'AdminUsers', id }],
    }),
    getUserEarnings: build.infiniteQuery<AdminPage<LedgerRow>, number, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<LedgerRow, number>((id, cursor) => ({ url: `/admin/users/${id}/earnings`, params: listParams({}, cursor) })),
      providesTags: (_result, _error, id) => [{ type: 'AdminUsers', id }],
    }),
    setUserStatus: build.mutation<unknown, UserChange<UserStatusPayload>>({
      queryFn: adminChange(({ id, ...body }: UserChange<UserStatusPayload>) => ({ url: `/admin/users/${id}/status`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminUsers', { type: 'AdminUsers', id }]),
    }),
    creditUser: build.mutation<unknown, UserChange<UserCreditPayload>>({
      queryFn: adminChange(({ id, ...body }: UserChange<UserCreditPayload>) => ({ url: `/admin/users/${id}/credit`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminUsers', { type: 'AdminUsers', id }, 'AdminOverview']),
    }),
    verifyUserEmail: build.mutation<unknown, UserChange<ReasonPayload>>({
      queryFn: adminChange(({ id, ...body }: UserChange<ReasonPayload>) => ({ url: `/admin/users/${id}/verify-email`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminUsers', { type: 'AdminUsers', id }]),
    }),
    releaseUserHolds: build.mutation<unknown, UserChange<ReasonPayload>>({
      queryFn: adminChange(({ id, ...body }: UserChange<ReasonPayload>) => ({ url: `/admin/users/${id}/holds/release`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminUsers', { type: 'AdminUsers', id }]),
    }),
  }),
});

export const {
  useSearchUsersInfiniteQuery,
  useGetAdminUserQuery,
  useGetUserEarningsInfiniteQuery,
  useSetUserStatusMutation,
  useCreditUserMutation,
  useVerifyUserEmailMutation,
  useReleaseUserHoldsMutation,
} = usersApi;
