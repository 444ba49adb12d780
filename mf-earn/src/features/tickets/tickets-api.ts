import { api } from '@rewards/shared/api/api';
import { envelopeData, envelopeList } from '@rewards/shared/api/envelope';
import type { OpenedTicket, Ticket, TicketDetail, TicketMessage } from '@rewards/shared/contracts/ticket-types';

/** The list's tag, beside one tag per ticket id. */
const LIST = { type: 'Tickets', id: 'LIST' } as const;

// The tag is added here, with the endpoints: the shared API knows nothing of tickets until this page loads.
export const ticketsApi = api.enhanceEndpoints({ addTagTypes: ['Tickets'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tickets`: the user's tickets, newest first. */
    getTickets: build.query<Ticket[], void>({
      query: () => ({ url: '/tickets', method: 'GET' }),
      transformResponse: (body: unknown) => envelopeList<Ticket>(body),
      providesTags: [LIST],
    }),
    /** `GET /api/tickets/:id`: one ticket with its thread. */
    getTicket: build.query<TicketDetail, number>({
      query: (id) => ({ url: `/tickets/${id}`, method: 'GET' }),
      transformResponse: (body: unknown) => envelopeData<TicketDetail>(body),
      providesTags: (_result, _error, id) => [{ type: 'Tickets', id }],
    }),
    /** `POST /api/tickets` (multipart/form-data: the browser sets its boundary). */
    openTicket: build.mutation<OpenedTicket, FormData>({
      query: (form) => ({ url: '/tickets', method: 'POST', body: form }),
      transformResponse: (body: unknown) => envelopeData<OpenedTicket>(body),
      invalidatesTags: [LIST],
    }),
    /** `POST /api/tickets/:id/messages`. */
    replyToTicket: build.mutation<TicketMessage, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/tickets/${id}/messages`, method: 'POST', body: { text } }),
      transformResponse: (body: unknown) => envelopeData<TicketMessage>(body),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Tickets', id }, LIST],
    }),
  }),
});

export const { useGetTicketsQuery, useGetTicketQuery, useOpenTicketMutation, useReplyToTicketMutation } = ticketsApi;
