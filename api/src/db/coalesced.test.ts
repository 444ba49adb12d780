import { coalescedStatement } from './coalesced';
import type { Executor } from './executor';

const handle = {} as Executor;

/** A fake table: ids in insertion order; a row 'bad' is refused, and so is any statement holding one. */
function fakeTable() {
  const statements: string[][] = [];
  let nextId = 1;
  const insert = coalescedStatement<string, number>(async (_db, rows) => {
    statements.push([...rows]);
    await Promise.resolve();
    if (rows.includes('bad')) throw new Error('refused');
    return rows.map(() => nextId++);
  });
  return { insert, statements };
}

describe('coalescedStatement', () => {
  it('sends a row at once when nothing is in flight, and the rows that came meanwhile in one statement, each with its own id', async () => {
    const { insert, statements } = fakeTable();
    const ids = await Promise.all(['a', 'b', 'c', 'd'].map((row) => insert(handle, row)));
    expect(statements).toEqual([['a'], ['b', 'c', 'd']]);
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(await insert(handle, 'e')).toBe(5);
    expect(statements.at(-1)).toEqual(['e']);
  });

  it('retries a refused statement row by row: only the refused row fails', async () => {
    const { insert, statements } = fakeTable();
    const results = await Promise.allSettled(['a', 'b', 'bad', 'c'].map((row) => insert(handle, row)));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'refused'))).toEqual([1, 2, 'refused', 3]);
    expect(statements).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('keeps handles apart (a transaction is its own)', async () => {
    const { insert, statements } = fakeTable();
    const other = {} as Executor;
    await Promise.all([insert(handle, 'a'), insert(other, 'b'), insert(handle, 'c')]);
    expect(statements).toEqual([['a'], ['b'], ['c']]);
  });
});
