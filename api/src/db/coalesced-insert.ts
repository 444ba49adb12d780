import type { Executor } from './executor';

/**
 * Inserts rows of one table so that, under load, the rows that arrive while an insert is in flight go in
 * together with the next one: one round trip for many, and no waiting at all when quiet (a row that finds
 * nothing in flight is sent at once). Each caller still gets its own row's id, or its own error: when a
 * statement of several rows fails, they are tried again one by one, so one row the database refuses never
 * costs the others theirs. Per database handle (a transaction is its own), in the order of the calls.
 */
export type CoalescedInsert<Row> = (db: Executor, row: Row) => Promise<number>;

export function coalescedInsert<Row>(statements: {
  insertOne: (db: Executor, row: Row) => Promise<number>;
  /** The ids of `rows`, in their order (INSERT … VALUES … RETURNING answers in the order of its values). */
  insertMany: (db: Executor, rows: readonly Row[]) => Promise<number[]>;
}): CoalescedInsert<Row> {
  return coalescedStatement({ runOne: statements.insertOne, runMany: statements.insertMany });
}

/**
 * The same for any statement that takes many rows and answers a result per row (coalescedInsert is one):
 * `runMany` answers the results of `rows` in their order; when it fails, each row is run alone by `runOne`.
 */
export function coalescedStatement<Row, Result>({
  runOne,
  runMany,
}: {
  runOne: (db: Executor, row: Row) => Promise<Result>;
  runMany: (db: Executor, rows: readonly Row[]) => Promise<Result[]>;
}): (db: Executor, row: Row) => Promise<Result> {
  type Waiting = { row: Row; resolve(result: Result): void; reject(error: unknown): void };
  type Queue = { waiting: Waiting[]; inFlight: boolean };
  const queues = new WeakMap<Executor, Queue>();

  const one = (db: Executor, entry: Waiting) => runOne(db, entry.row).then(entry.resolve, entry.reject);

  async function runWaiting(db: Executor, waiting: readonly Waiting[]): Promise<void> {
    if (waiting.length === 1) return one(db, waiting[0]!);
    try {
      const results = await runMany(
        db,
        waiting.map((entry) => entry.row),
      );
      if (results.length !== waiting.length) throw new Error(`answered ${results.length} of ${waiting.length} rows`);
      waiting.forEach((entry, index) => entry.resolve(results[index]!));
    } catch {
      await Promise.all(waiting.map((entry) => one(db, entry)));
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
