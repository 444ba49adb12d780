// `pnpm ops <command>`: operator commands against the server's database (see run-ops.ts for the table).
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { publishCatalogChange } from '../modules/earn/catalog-events';
import { createRealtimePublisher, reachableAddress } from '../modules/realtime/publisher';
import { COMMANDS } from './commands';
import { runOps } from './run-ops';

const toStream = (stream: NodeJS.WriteStream) => ({ line: (text = '') => void stream.write(`${text}\n`) });

try {
  const config = loadConfig();
  process.exitCode = await runOps(process.argv.slice(2), {
    commands: COMMANDS,
    openDatabase: () => openDatabase(config),
    out: toStream(process.stdout),
    err: toStream(process.stderr),
    // The site's own gateway (same HOST and PORT as `pnpm start`) unless PUSHER_HOST names another service.
    realtime: createRealtimePublisher(config.pusher, () => reachableAddress(config.host, config.port)),
    catalogChanged: config.redisUrl ? () => publishCatalogChange({ url: config.redisUrl!, prefix: config.redisPrefix }) : undefined,
  });
} catch (error) {
  process.stderr.write(`ops failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
