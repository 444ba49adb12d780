import { buildApp } from './app';
import { type Config, ConfigError, configOf, developmentNotices, developmentRefusals, productionRefusals, readEnvironment } from './config';
import { findRepoRoot } from './repo-root';

const SHUTDOWN_GRACE_MS = 10_000;

/** The configuration, or the reasons not to start: one line each on stderr, naming the variable, and exit 1. */
function configOrExit(): Config {
  let problems: string[];
  try {
    const env = readEnvironment(process.env);
    problems = [...productionRefusals(env), ...developmentRefusals(env)];
    if (problems.length === 0) return configOf(env, findRepoRoot());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems = error.problems;
  }
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const config = configOrExit();
const app = await buildApp({ config, operatorApi: true });
for (const { level, message } of developmentNotices(config)) app.log[level](message);

// The safety net: a bug that escapes a handler is logged and the process keeps serving the requests it can,
// instead of one bad request ending the site for everyone. Handlers must still never throw out of events.
process.on('uncaughtException', (error, origin) => {
  app.log.fatal({ err: error, origin }, 'uncaught exception: kept serving');
});
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection: kept serving');
});

let shuttingDown = false;
async function shutDown(signal: NodeJS.Signals) {
  // A terminal's Ctrl-C reaches the launchers (npx, pnpm) too, which may pass it on: a second signal is expected.
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info(`${signal}: shutting down`);
  setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const port = address !== null && typeof address === 'object' ? address.port : config.port;
app.log.info(`${config.serveSite ? 'site' : 'api'} listening on http://localhost:${port}`);
