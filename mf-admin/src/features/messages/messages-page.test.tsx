import { screen, within } from '@testing-library/react';
import { page } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

describe('Messages (the contact form)', () => {
  it('shows each message with who wrote it, a mail link and, for a user, their page', async () => {
    renderConsole(
      '/admin/messages',
      {
        'GET /admin/messages': page([
          { id: 2, created_at: '2026-11-26T08:00:00.000Z', email: 'ada@example.com', subject: 'Payout late', name: 'Ada', user_id: 7, message: 'Where is my PayPal payout?' },
          { id: 1, created_at: '2026-11-25T08:00:00.000Z', email: 'press@example.com', subject: '', name: 'Reporter', user_id: null, message: 'Interview?' },
        ]),
      },
      'support',
    );
    const first = await screen.findByRole('article', { name: 'Payout late' });
    expect(within(first).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(within(first).getByRole('link', { name: 'user #7' })).toHaveAttribute('href', '/admin/users/7');
    expect(within(first).getByText('Where is my PayPal payout?')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '(no subject)' })).toHaveTextContent('Interview?');
  });

  it('says when there is none', async () => {
    renderConsole('/admin/messages', { 'GET /admin/messages': page([]) }, 'support');
    expect(await screen.findByText('No message yet.')).toBeInTheDocument();
  });
});
