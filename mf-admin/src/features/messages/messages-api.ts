import type { AdminPage, ContactMessage } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminListQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

const messagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.infiniteQuery<AdminPage<ContactMessage>, void, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<ContactMessage, void>((_arg, cursor) => ({ url: '/admin/messages', params: listParams({}, cursor) })),
    }),
  }),
});

export const { useGetContactMessagesInfiniteQuery } = messagesApi;
