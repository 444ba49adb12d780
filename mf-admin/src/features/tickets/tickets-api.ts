import type { AdminPage, AdminTicket, AdminTicketRow, ReasonPayload, TicketAcceptPayload, TicketReplyPayload } from '@rewards/shared/contracts/admin-types';
import { getApiBase } from '@rewards/shared/api/api-base';
import { adminApi, adminChange, adminListQuery, adminQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

/** `open`: awaiting an answer and answered; each list oldest first (who waited longest comes first). */
export type TicketFilter = 'open' | 'awaiting' | 'answered' | 'accepted' | 'declined';

type WithId<P> = { id: number } & P;

const ticketsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTickets: build.infiniteQuery<AdminPage<AdminTicketRow>, TicketFilter, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<AdminTicketRow, TicketFilter>((status, cursor) => ({ url: '/admin/tickets', params: listParams({ status }, cursor) })),
      providesTags: ['AdminTickets'],
    }),
    getAdminTicket: build.query<AdminTicket, number>({
      queryFn: adminQuery<AdminTicket, number>((id) => `/admin/tickets/${id}`),
      providesTags: (_result, _error, id) => [{ type: 'AdminTickets', id }],
    }),
    replyToTicket: build.mutation<unknown, WithId<TicketReplyPayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<TicketReplyPayload>) => ({ url: `/admin/tickets/${id}/reply`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminTickets', { type: 'AdminTickets', id }, 'AdminOverview']),
    }),
    acceptTicket: build.mutation<unknown, WithId<TicketAcceptPayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<TicketAcceptPayload>) => ({ url: `/admin/tickets/${id}/accept`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminTickets', { type: 'AdminTickets', id }, 'AdminOverview', 'AdminUsers']),
    }),
    declineTicket: build.mutation<unknown, WithId<ReasonPayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<ReasonPayload>) => ({ url: `/admin/tickets/${id}/decline`, body })),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['AdminTickets', { type: 'AdminTickets', id }, 'AdminOverview']),
    }),
  }),
});

/** The screenshot's address: the browser sends the session and console cookies with the image request. */
export function screenshotUrl(id: number): string {
  return `${getApiBase()}/admin/tickets/${id}/screenshot`;
}

export const { useGetAdminTicketsInfiniteQuery, useGetAdminTicketQuery, useReplyToTicketMutation, useAcceptTicketMutation, useDeclineTicketMutation } = ticketsApi;
