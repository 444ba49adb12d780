import type { Executor } from './executor';

/**
 * Runs a statement that takes any number of rows and answers a result per row (an INSERT answering ids, a
 * batch of credits answering each one's outcome) so that, under load, the rows that arrive while it is in
 * flight go together in the next run: one round trip for many, and no waiting at all when quiet (a row that
 * finds nothing in flight is sent at once). Each caller still gets its own row's result, or its own error:
 * when a run of several rows fails, they are run again one by one, so one row the database refuses never
 * costs the others theirs. Per database handle (a transaction is its own), in the order of the calls.
 * `run` answers the results of `rows` in their order.
 */
export function coalescedStatement<Row, Result>(run: (db: Executor, rows: readonly Row[]) => Promise<Result[]>): (db: Executor, row: Row) => Promise<Result> {
  type Waiting = { row: Row; resolve(result: Result): void; reject(error: unknown): void };
  type Queue = { waiting: Waiting[]; inFlight: boolean };
  const queues = new WeakMap<Executor, Queue>();

  async function runRows(db: Executor, waiting: readonly Waiting[]): Promise<void> {
    const results = await run(
      db,
      waiting.map((entry) => entry.row),
    );
    if (results.length !== waiting.length) throw new Error(`answered ${results.length} of ${waiting.length} rows`);
    waiting.forEach((entry, index) => entry.resolve(results[index]!));
  }

  async function runWaiting(db: Executor, waiting: readonly Waiting[]): Promise<void> {
    try {
      await runRows(db, waiting);
    } catch (error) {
      if (waiting.length === 1) return waiting[0]!.reject(error);
      await Promise.all(waiting.map((entry) => runRows(db, [entry]).catch(entry.reject)));
    }
  }

  async function drain(db: Executor, queue: Queue): Promise<void> {
    queue.inFlight = true;
    try {
      while (queue.waiting.length > 0) await runWaiting(db, queue.waiting.splice(0));
    } finally {
      queue.inFlight = false;
    }
  }

  return (db, row) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = { waiting: [], inFlight: false };
      queues.set(db, queue);
    }
    const { waiting } = queue;
    const answered = new Promise<Result>((resolve, reject) => waiting.push({ row, resolve, reject }));
    if (!queue.inFlight) void drain(db, queue);
    return answered;
  };
}
