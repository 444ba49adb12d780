import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { sessions, users } from '../src/db/schema';
import { hashSessionToken } from '../src/modules/session/session';
import { DEV_PUSHER_SECRET } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { appendLedgerEntry } from '../src/modules/ledger/ledger';
import { DEV_POSTBACK_SECRET } from '../src/modules/walls/registry';
import { COMMANDS } from '../src/ops/commands';
import { runOps } from '../src/ops/run-ops';
import { markEmailVerified } from '../src/modules/account/repository';
import { bearer, captureMailer, distinctAddress, signUp } from '../src/test/accounts';
import { buildTestApp } from '../src/test/build-test-app';
import { createSiteFixture, type SiteFixture } from '../src/test/site-fixture';
import type { FuzzContext, FuzzIdentity } from './requests';
import { routeCollector } from './routes';

/** Coins each fuzz user starts with (and is topped up to): enough that cashouts are accepted, not only refused. */
const STARTING_COINS = 50_000;

export type FuzzSession = {
  app: FastifyInstance;
  context: () => FuzzContext;
  /** Signs up again the users the fuzzer deleted or signed out, so later requests still reach deep paths. */
  refreshIdentities(): Promise<void>;
  close(): Promise<void>;
};

/** The real app (site served from a fixture too) on `database`, with real signed-up, funded users. */
/** What buildTestApp's config has for the realtime service (the development defaults). */
const DEV_PUSHER = { appId: 'rewards-dev', key: 'rewards-dev-key', secret: DEV_PUSHER_SECRET };

export async function openFuzzSession({ database, env, users = 4 }: { database: DatabaseHandle; env: Record<string, string>; users?: number }): Promise<FuzzSession> {
  const collector = routeCollector();
  const site: SiteFixture = await createSiteFixture();
  const app = await buildTestApp({ database, env, serveSite: true, siteRoot: site.root, mailer: captureMailer(), onRoute: collector.onRoute });
  await app.ready();
  const identities: FuzzIdentity[] = [];

  let made = 0;
  const newIdentity = async (): Promise<FuzzIdentity> => {
    const signedUp = await signUp(app, {}, { from: distinctAddress() });
    await appendLedgerEntry(database.db, { userId: signedUp.user.id, amountCoins: STARTING_COINS, kind: 'manual_credit', note: 'fuzz starting balance' });
    // Every other user verified: those cash out; the others meet the first-cashout gate and the code checks.
    const verified = made++ % 2 === 0;
    if (verified) await markEmailVerified(database.db, signedUp.user.id);
    return { userId: signedUp.user.id, token: signedUp.token, email: signedUp.email, password: signedUp.password, device: signedUp.device, verified };
  };
  for (let i = 0; i < users; i++) identities.push(await newIdentity());
  // The last one is an admin of the staff console, so its routes are reached past the gate.
  const makeAdmin = async (index: number) => {
    identities[index] = await openConsole(app, database, identities[index]!);
  };
  await makeAdmin(identities.length - 1);

  return {
    app,
    context: () => ({ routes: collector.routes(), identities: [...identities], postbackSecret: DEV_POSTBACK_SECRET, pusher: DEV_PUSHER }),
    async refreshIdentities() {
      for (let i = 0; i < identities.length; i++) {
        const wasAdmin = identities[i]!.adminCookie !== undefined;
        const profile = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(identities[i]!.token) });
        if (profile.statusCode !== 200) identities[i] = await newIdentity();
        // Opened again each time: a request of the fuzzer may have issued a new console cookie or removed the role.
        if (wasAdmin) await makeAdmin(i);
      }
    },
    async close() {
      await app.close();
      await site.remove();
    },
  };
}

/**
 * Makes the identity an admin of the staff console (two-factor on by its method, the session's second factor
 * passed now) and opens the console: the identity with its `admin_session` cookie.
 */
async function openConsole(app: FastifyInstance, database: DatabaseHandle, identity: FuzzIdentity): Promise<FuzzIdentity> {
  await database.db.update(users).set({ twoFactorMethod: 'totp', status: 'active' }).where(eq(users.id, identity.userId));
  await runOps(['staff:add', identity.email, 'admin', '--reason', 'fuzzing the console'], {
    commands: COMMANDS,
    openDatabase: async () => ({ ...database, close: async () => {} }),
    out: { line: () => {} },
    err: { line: () => {} },
    invocation: { operator: 'fuzz', cwd: '.' },
  });
  await database.db.update(sessions).set({ twoFactorAt: sql`now()` }).where(eq(sessions.tokenHash, hashSessionToken(identity.token)));
  const opened = await app.inject({ method: 'POST', url: '/api/admin/session', cookies: { [AUTH_COOKIE]: identity.token }, headers: { origin: 'http://localhost' } });
  const adminCookie = opened.cookies.find((cookie) => cookie.name === 'admin_session')?.value;
  return adminCookie ? { ...identity, adminCookie } : { ...identity, adminCookie: '' };
}

/** `pnpm ops ledger:verify` on the database: exit code and what it printed. */
export async function ledgerVerify(database: DatabaseHandle): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runOps(['ledger:verify'], {
    commands: COMMANDS,
    openDatabase: async () => ({ ...database, close: async () => {} }),
    out: { line: (text = '') => lines.push(text) },
    err: { line: (text = '') => lines.push(text) },
    invocation: { operator: 'fuzz', cwd: '.' },
  });
  return { code, out: lines.join('\n') };
}

/** Counts errors that escape into the process (what server.ts's safety net would log) while a run lasts. */
export function watchProcessErrors() {
  const seen: string[] = [];
  const onError = (error: unknown) => seen.push(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error));
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return {
    seen,
    stop() {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    },
  };
}
