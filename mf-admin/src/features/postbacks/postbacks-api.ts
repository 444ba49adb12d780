import type { AdminPage, Callback, CallbackOutcome, CallbackSummary, ReasonPayload } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminListQuery, adminQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

export type PostbackFilters = { wall?: string; user?: string; user_id?: string; txid?: string; outcome?: CallbackOutcome | '' };

const postbacksApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    searchPostbacks: build.infiniteQuery<AdminPage<CallbackSummary>, PostbackFilters, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<CallbackSummary, PostbackFilters>((filters, cursor) => ({ url: '/admin/postbacks', params: listParams(filters, cursor) })),
      providesTags: ['AdminPostbacks'],
    }),
    getPostback: build.query<Callback, number>({
      queryFn: adminQuery<Callback, number>((id) => `/admin/postbacks/${id}`),
      providesTags: (_result, _error, id) => [{ type: 'AdminPostbacks', id }],
    }),
    replayPostback: build.mutation<unknown, { id: number } & ReasonPayload>({
      queryFn: adminChange(({ id, ...body }: { id: number } & ReasonPayload) => ({ url: `/admin/postbacks/${id}/replay`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminPostbacks', 'AdminOverview', 'AdminUsers']),
    }),
  }),
});

export const { useSearchPostbacksInfiniteQuery, useGetPostbackQuery, useReplayPostbackMutation } = postbacksApi;
