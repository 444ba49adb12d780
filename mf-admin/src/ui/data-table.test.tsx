import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type TableColumn } from './data-table';

type Row = { id: number; name: string; amount: number };
const COLUMNS: TableColumn<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true, sortValue: (row) => row.name, cell: (row) => row.name },
  { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => row.amount, cell: (row) => `$${row.amount}` },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const ROWS: Row[] = [
  { id: 1, name: 'Cy', amount: 10 },
  { id: 2, name: 'ada', amount: 9 },
  { id: 3, name: 'Bob', amount: 100 },
];

const firstCells = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('DataTable', () => {
  it('is a real table: caption, column headers, a row header per row', () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} empty="Nobody." />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Name', 'Amount', 'Note']);
    expect(firstCells()).toEqual(['Cy', 'ada', 'Bob']);
  });

  it("keeps the server's order until a header is pressed, then sorts ascending, then descending, and says so", async () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} empty="Nobody." />);
    const user = userEvent.setup();
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount).not.toHaveAttribute('aria-sort');
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['ada', 'Cy', 'Bob']);
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Bob', 'Cy', 'ada']);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(firstCells()).toEqual(['ada', 'Bob', 'Cy']);
    expect(amount).not.toHaveAttribute('aria-sort');
  });

  it('has no sort button on a column without a sort value', () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} empty="Nobody." />);
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says what to do when there is no row, instead of an empty table', () => {
    render(<DataTable caption="People" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="Nobody yet: invite someone." />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nobody yet: invite someone.')).toBeInTheDocument();
  });
});
