import type { Database } from './database';

/** A transaction of the one database type. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction: inside a transaction always pass the transaction (PGlite would hang). */
export type Executor = Database | Transaction;
