/** Missing-credit tickets (issue 29): one source for api/ and mf-earn. */

export const TICKET_STATUSES = ['awaiting', 'answered', 'accepted', 'declined'] as const;
/** awaiting → answered (support replied) → accepted (credited) or declined; a reply by the user makes it awaiting again. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a report's form may hold; the API refuses anything else with the messages below. */
export const TICKET_LIMITS = {
  detailsMin: 10,
  detailsMax: 2_000,
  offerNameMax: 200,
  messageMax: 2_000,
  screenshotBytes: 2 * 1024 * 1024,
} as const;

/** The kinds of screenshot accepted, checked by their content (not their name). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

/** What people read when a report is refused (422), word for word. */
export const TICKET_MESSAGES = {
  tooEarly: (hours: number) => `You can report this offer ${hours} ${hours === 1 ? 'hour' : 'hours'} after you started it.`,
  creditedAlready: 'This offer was credited already.',
  openAlready: 'You already have an open ticket for this offer.',
  screenshot: 'The screenshot must be a PNG, JPEG or WebP image of at most 2 MB.',
  details: `Please describe what happened in ${TICKET_LIMITS.detailsMin} to ${TICKET_LIMITS.detailsMax.toLocaleString('en-US')} characters.`,
  completedAt: 'Please enter the date you completed the offer (not in the future).',
  chooseOffer: 'Please choose the offer you started, or name the wall and the offer.',
  unknownOffer: 'This offer is not in our catalog.',
  notStarted: 'You have not started this offer.',
  unknownWall: 'Please choose one of our partner walls.',
  offerName: `Please enter the offer's name (at most ${TICKET_LIMITS.offerNameMax} characters).`,
  message: `Please write a message of 1 to ${TICKET_LIMITS.messageMax.toLocaleString('en-US')} characters.`,
  closed: 'This ticket is closed: it cannot take more messages.',
  tooManyOpen: (max: number) => `You have ${max} open tickets: please wait for their answers before reporting another offer.`,
  notFound: 'Ticket not found.',
  multipart: 'A report is sent as multipart/form-data.',
} as const;

/** What users read as the outcome of a ticket the partner's own credit settled. */
export const CREDITED_BY_PARTNER = 'Credited by the partner';

/** A ticket in the user's list. Dollar amounts are two-decimal strings. */
export type Ticket = {
  id: number;
  status: TicketStatus;
  /** The catalog offer's name, or the name the user gave a wall's offer. */
  offer_name: string;
  /** The catalog offer reported (partner offer id), or null for a wall's offer. */
  offer_id: string | null;
  /** The wall of a wall's offer, or null for a catalog offer. */
  wall: string | null;
  /** YYYY-MM-DD, as the user gave it. */
  completed_at: string;
  created_at: string;
  updated_at: string;
  /** Dollars the ticket credited, when accepted by support; null otherwise. */
  credited: string | null;
  /** The reason of the outcome (support's words, or "Credited by the partner"); null while open. */
  resolution: string | null;
  /** The partner paid the offer after the ticket had: the ticket's credit was taken back, so it is paid once. */
  partner_credited_later: boolean;
};

export type TicketMessageAuthor = 'user' | 'support';

export type TicketMessage = { id: number; author: TicketMessageAuthor; text: string; created_at: string };

/** One ticket with what the user wrote and its thread, oldest message first. */
export type TicketDetail = Ticket & { details: string; has_screenshot: boolean; messages: TicketMessage[] };

export type OpenedTicket = { id: number; status: 'awaiting' };
