import { ValidationError } from '../../domain-errors';

/**
 * Lists page by keys, not offsets (rows added meanwhile shift nothing): the cursor holds the last row's
 * sort keys, base64url JSON. Opaque to the console; anything that is not one we gave is a 422.
 */
export type CursorKeys = Array<string | number>;

export function encodeCursor(keys: CursorKeys): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

const badCursor = () => new ValidationError('The cursor is not one this server gave.', { code: 'invalid_cursor', errors: { cursor: ['The cursor is not one this server gave.'] } });

/** The keys of a cursor of `shape` ('id': a whole number, 'time': an ISO date), or undefined without one. */
export function decodeCursor<Shape extends ReadonlyArray<'id' | 'time'>>(cursor: string | undefined, shape: Shape): { [K in keyof Shape]: Shape[K] extends 'id' ? number : Date } | undefined {
  if (cursor === undefined) return undefined;
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(keys) || keys.length !== shape.length) throw badCursor();
  return keys.map((key, index) => {
    if (shape[index] === 'id') {
      if (typeof key !== 'number' || !Number.isSafeInteger(key) || key < 0) throw badCursor();
      return key;
    }
    const date = typeof key === 'string' ? new Date(key) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw badCursor();
    return date;
  }) as never;
}

/** One page: `limit` rows of the `limit + 1` read, and the cursor after the last when there are more. */
export function pageOf<Row, Item>(rows: readonly Row[], limit: number, keysOf: (row: Row) => CursorKeys, toItem: (row: Row) => Item): { items: Item[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown.map(toItem), next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keysOf(last)) : null };
}
