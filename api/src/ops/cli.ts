// `pnpm ops <command>`: operator commands, run in the running server when there is one (see command-line.ts).
import { loadConfig } from '../config';
import { createMailer } from '../modules/account/mailer';
import { createRealtimePublisher, reachableAddress } from '../modules/realtime/publisher';
import { runCommandLine } from './command-line';
import { COMMANDS } from './commands';
import { localInvocation } from './run-ops';

const toStream = (stream: NodeJS.WriteStream) => ({ line: (text = '') => void stream.write(`${text}\n`) });

let closeMailer = () => {};
try {
  const config = loadConfig();
  // Used only when the command runs here: in development (no SMTP_URL) its emails are printed to stderr.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: { info: (line) => void process.stderr.write(`${line}\n`) } });
  closeMailer = () => mailer.close();
  process.exitCode = await runCommandLine(process.argv.slice(2), {
    config,
    commands: COMMANDS,
    invocation: localInvocation(),
    out: toStream(process.stdout),
    err: toStream(process.stderr),
    // Used only when the command runs here on PostgreSQL: the site's own gateway (same HOST and PORT as
    // `pnpm start`) unless PUSHER_HOST names another service.
    realtime: createRealtimePublisher(config.pusher, () => reachableAddress(config.host, config.port)),
    mailer,
  });
} catch (error) {
  process.stderr.write(`ops failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  closeMailer();
}
