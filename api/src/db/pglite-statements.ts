import { parse, type PGlite, protocol, type Results } from '@electric-sql/pglite';

/**
 * PGlite parses and plans every query anew (an unnamed statement of the extended protocol); in WASM that is
 * most of a simple query's time (a session lookup: ~0.5 ms, ~0.2 ms when its plan is kept). This runs each
 * query text as a named server-side statement, prepared on first use and kept (the most recently used
 * `maxStatements`), as node-postgres does for drizzle's prepared queries on PostgreSQL. It follows what
 * PGlite's own `query()` does: the same locks (outside a transaction, the transaction lock first), the same
 * parameter serializers and result parsers, a Sync after every exchange, the data synced after a query
 * outside a transaction.
 */

type QueryOptions = Parameters<PGlite['query']>[2];
type Statement = { name: string; paramTypes: number[]; rowDescription: Message | undefined };
type Message = Parameters<typeof parse.parseResults>[0][number];

const { serialize } = protocol;

export type StatementCache = {
  /** PGlite's `query()`, through a kept statement. */
  query<Row>(text: string, params: readonly unknown[] | undefined, options: QueryOptions): Promise<Results<Row>>;
  /** The same inside the transaction `tx` holds (its lock is already taken). */
  queryInTransaction<Row>(text: string, params: readonly unknown[] | undefined, options: QueryOptions): Promise<Results<Row>>;
};

export function createStatementCache(client: PGlite, maxStatements = 200): StatementCache {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const sync = serialize.sync();

  /**
   * Sends `messages` and a Sync in one buffer (the Sync ends an error state too) and answers the replies;
   * throws the database's error, if any, once the whole buffer was processed.
   */
  async function exchangeAll(messages: readonly Uint8Array[]): Promise<Message[]> {
    const buffer = new Uint8Array(messages.reduce((length, message) => length + message.length, sync.length));
    let offset = 0;
    for (const message of [...messages, sync]) {
      buffer.set(message, offset);
      offset += message.length;
    }
    // The stream form parses the replies as they come, without keeping a copy of their bytes.
    return client.execProtocolStream(buffer, { syncToFs: false });
  }

  async function statementFor(text: string): Promise<Statement> {
    const kept = statements.get(text);
    if (kept) {
      // Most recently used last: the first entry is the one to close.
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    if (statements.size >= maxStatements) {
      const [oldText, oldest] = statements.entries().next().value!;
      statements.delete(oldText);
      await exchangeAll([serialize.close({ type: 'S', name: oldest.name })]);
    }
    const name = `pglite_s${++counter}`;
    const described = await exchangeAll([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      // The statement's columns, in text as every run asks for them (a statement without rows has none).
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<Row>(text: string, params: readonly unknown[] = [], options: QueryOptions, inTransaction: boolean): Promise<Results<Row>> {
    let statement: Statement;
    try {
      statement = await statementFor(text);
    } catch (error) {
      statements.delete(text);
      throw error;
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[index]!] ?? client.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    let replies: Message[];
    try {
      replies = await exchangeAll([serialize.bind({ statement: statement.name, values }), serialize.execute({})]);
    } catch (error) {
      // A statement the schema has since changed under is prepared again next time.
      statements.delete(text);
      throw error;
    }
    if (!inTransaction) await client.syncToFs();
    if (statement.rowDescription) replies.unshift(statement.rowDescription);
    return parse.parseResults(replies, client.parsers, options)[0] as Results<Row>;
  }

  return {
    async query(text, params, options) {
      await client._checkReady();
      return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options, false)));
    },
    queryInTransaction(text, params, options) {
      return client._runExclusiveQuery(() => run(text, params, options, true));
    },
  };
}

