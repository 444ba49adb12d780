import { formatDay, ticketOutcome } from './ticket-status';

const open = { credited: null, resolution: null, partner_credited_later: false };

describe("what a ticket's state means for the user", () => {
  it.each([
    [{ ...open, status: 'awaiting' as const }, 'Support will answer here. Add anything that helps below.'],
    [{ ...open, status: 'answered' as const }, 'Support answered. Reply below if you have more to add.'],
    [{ ...open, status: 'declined' as const, resolution: 'The partner has no record of it.' }, 'Declined: The partner has no record of it.'],
    [{ ...open, status: 'accepted' as const, resolution: 'Credited by the partner' }, 'Accepted: Credited by the partner.'],
    [{ ...open, status: 'accepted' as const, credited: '2.50', resolution: 'Confirmed.' }, 'Accepted: $2.50 was added to your balance. Confirmed.'],
    [
      { ...open, status: 'accepted' as const, credited: '2.50', partner_credited_later: true },
      "Accepted: $2.50 was added to your balance. The partner then credited this offer too, so the ticket's $2.50 was taken back: you are paid once.",
    ],
  ])('%j reads "%s"', (ticket, text) => {
    expect(ticketOutcome(ticket)).toBe(text);
  });

  it('shows a completion day as written, whatever the time zone, and a moment as a date', () => {
    expect(formatDay('2025-03-02')).toBe('Mar 2, 2025');
    expect(formatDay('2025-03-04T10:00:00.000Z')).toMatch(/^Mar [45], 2025$/);
    expect(formatDay('nonsense')).toBe('nonsense');
  });
});
