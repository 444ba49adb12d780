import { defineConfig } from 'drizzle-kit';

// Migrations are generated offline (`pnpm --filter @rewards/api db:generate`) and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
