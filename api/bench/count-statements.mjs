// Preloaded into the bench server (`node --import`) by bench/credits.ts: counts the statements the server
// sends to PostgreSQL through `pg` (one round trip each, BEGIN and COMMIT included) and writes the running
// total, by statement text, to the file named by BENCH_STATEMENT_COUNT_FILE twice a second when it moved.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENT_COUNT_FILE;
if (file) {
  const counts = new Map();
  let changed = false;
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
    const key = text.slice(0, 400).replace(/\s+/g, ' ').trim().slice(0, 160);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    changed = true;
    return originalQuery.call(this, config, ...rest);
  };
  const write = () => {
    if (changed) writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
    changed = false;
  };
  setInterval(write, 500).unref();
  process.on('exit', write);
}
