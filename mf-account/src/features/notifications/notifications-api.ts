import { api } from '@rewards/shared/api/api';
import type { SuccessEnvelope } from '@rewards/shared/contracts/api-types';
import type {
  MarkNotificationsReadPayload,
  MarkNotificationsReadResult,
  NotificationsPage,
} from '@rewards/shared/contracts/notifications';
import { unreadNotificationsChanged } from '@rewards/shared/store/session-slice';

/** Items per page of the panel and of /notifications: the panel shows the first page (the newest 20). */
export const NOTIFICATIONS_PER_PAGE = 20;

/** The notification centre's calls; each answer's unread count becomes the bell's. */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery<NotificationsPage, number, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg: limit, pageParam }) => ({ url: '/notifications', params: pageParam ? { limit, cursor: pageParam } : { limit } }),
      transformResponse: (envelope: SuccessEnvelope<NotificationsPage>) => envelope.data,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The last page read is the newest word on the count (a live one may have arrived since the first).
        const latest = data?.pages.at(-1);
        if (latest) dispatch(unreadNotificationsChanged(latest.unread));
      },
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<number, MarkNotificationsReadPayload>({
      query: (body) => ({ url: '/notifications/read', method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<MarkNotificationsReadResult>) => envelope.data.unread,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(unreadNotificationsChanged(answer.data));
      },
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetNotificationsInfiniteQuery, useMarkNotificationsReadMutation } = notificationsApi;
