import fp from 'fastify-plugin';
import type { Database, DatabaseHandle, DatabaseKind } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseKind;
  }
}

export type DatabasePluginOptions = {
  handle: DatabaseHandle;
  /** Close the database when the app closes; false when the caller (e.g. a test file) shares it. */
  closeOnAppClose: boolean;
};

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { handle, closeOnAppClose }) => {
    app.decorate('db', handle.db);
    app.decorate('databaseKind', handle.kind);
    if (closeOnAppClose) app.addHook('onClose', () => handle.close());
  },
  { name: 'database' },
);
