import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { overview, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';
import { chartSeries } from './chart-series';

afterEach(() => jest.restoreAllMocks());

describe('Overview', () => {
  it('shows open tickets, cashouts waiting for review and failing payouts', async () => {
    renderConsole('/admin', { 'GET /admin/overview': success(overview()) });
    const cards = await screen.findByRole('list', { name: 'Waiting for staff' });
    expect(within(cards).getByRole('link', { name: /Open tickets\s*5\s*3 awaiting an answer, 2 answered/ })).toHaveAttribute('href', '/admin/tickets');
    expect(within(cards).getByRole('link', { name: /Cashouts waiting for review\s*4/ })).toHaveAttribute('href', '/admin/cashouts');
    expect(within(cards).getByRole('link', { name: /Failing payouts\s*1/ })).toHaveAttribute('href', '/admin/cashouts?view=payouts');
  });

  it("links only to the pages the role uses: support's cashout figures are not links", async () => {
    renderConsole('/admin', { 'GET /admin/overview': success(overview()) }, 'support');
    const cards = await screen.findByRole('list', { name: 'Waiting for staff' });
    expect(within(cards).getByRole('link', { name: /Open tickets/ })).toBeInTheDocument();
    expect(within(cards).queryByRole('link', { name: /Cashouts waiting/ })).not.toBeInTheDocument();
    expect(within(cards).getByText('Cashouts waiting for review')).toBeInTheDocument();
  });

  it('sums up the last 24 hours in words, and gives every hour in a table', async () => {
    renderConsole('/admin', { 'GET /admin/overview': success(overview()) });
    expect(await screen.findByText('Last 24 hours: 2 credits worth $3.00, 1 reversal worth $0.50.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Figures by hour'));
    const table = screen.getByRole('table', { name: 'Credits and reversals by hour (UTC)' });
    expect(within(table).getAllByRole('row')).toHaveLength(25);
    expect(within(table).getByRole('rowheader', { name: 'Nov 27, 2026, 11:00 UTC' }).closest('tr')).toHaveTextContent('$3.00 (2)');
  });

  it('shows skeletons while loading and Retry when the API fails', async () => {
    let fail = true;
    renderConsole('/admin', { 'GET /admin/overview': () => (fail ? Promise.resolve(new Response('{}', { status: 500 })) : success(overview())()) });
    expect(screen.queryByRole('status', { name: 'Loading the overview' }) ?? (await screen.findByRole('status', { name: 'Loading the overview' }))).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Open tickets')).toBeInTheDocument();
  });
});

describe('chartSeries', () => {
  it('gives uPlot Unix seconds and exact dollars from coins', () => {
    const [hours, credits, reversals] = chartSeries(overview().hourly);
    expect(hours[0]).toBe(Date.parse('2026-11-26T12:00:00.000Z') / 1000);
    expect(credits.at(-1)).toBe(3);
    expect(reversals.at(-2)).toBe(0.5);
  });
});
