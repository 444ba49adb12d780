import { useParams } from '@rewards/shared/router';
import TicketPage from './ticket-page';
import TicketsPage from './tickets-page';

/** /tickets and /tickets/:id as one lazy chunk (they share the tickets feature). */
export default function TicketPages() {
  return useParams().id === undefined ? <TicketsPage /> : <TicketPage />;
}
