import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { postbackCallbacks, users } from '../../db/schema';
import { databasePlugin } from '../../plugins/database';
import { rateLimitPlugin } from '../../plugins/rate-limit';
import { captureMailer } from '../../test/accounts';
import { notificationsPlugin } from '../notifications/plugin';
import { registerErrorHandling } from '../../plugins/errors';
import { zodSerializerCompiler, zodValidatorCompiler } from '../../plugins/zod-schemas';
import { useTestDatabase } from '../../test/test-database';
import { realtimeOptionsOf, realtimePlugin } from '../realtime/plugin';
import { findCallback } from './callback-log';
import { refuseProblems } from '../conversions/conversion-action';
import { handleCallback, requestOfRecord } from './postback-pipeline';
import { postbackRoutes } from './postback-routes';
import { DEV_POSTBACK_SECRET, WALL_ADAPTERS, type WallsConfig } from './registry';
import { digestHex, signatureMatches } from './signature';
import { callbackParams, queryOf, USER_ID, type WallAdapter } from './wall-adapter';
import { balanceCoins, injectSigned } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** This block is the whole of a new provider's file: a made-up wall that signs sha256(`{tx}|{user}|{coins}|{secret}`). */
const acmewall: WallAdapter = {
  slug: 'acmewall',
  title: 'Acme Wall',
  docs: 'made up for this test',
  callbackTemplate: '{site}/api/postback/acmewall?tx={tx}&user={user}&coins={coins}&sig={sig}',
  requiresIpAllowlist: false,
  defaultIps: [],
  reply: { kind: 'text', success: 'OK' },
  read(request) {
    const params = callbackParams(request);
    const user = params.get('user') ?? '';
    const coins = Number(params.get('coins'));
    refuseProblems({
      ...(USER_ID.test(user) ? {} : { user: ['The user must be our user id.'] }),
      ...(Number.isSafeInteger(coins) && coins > 0 && coins <= 100_000 ? {} : { coins: ['The coins must be a whole number above 0.'] }),
    });
    return { kind: 'credit', txid: params.get('tx') ?? 'none', userId: Number(user), partnerOfferId: '', partnerEventId: '', payoutCoins: coins };
  },
  verify(request, secret) {
    const params = callbackParams(request);
    return signatureMatches(digestHex('sha256', `${params.get('tx')}|${params.get('user')}|${params.get('coins')}|${secret}`), params.get('sig'));
  },
  sign({ base, userId, txid, coins }, secret) {
    const sig = digestHex('sha256', `${txid}|${userId}|${coins}|${secret}`);
    return { method: 'GET', url: `${base}/api/postback/acmewall?${queryOf({ tx: txid, user: String(userId), coins: String(coins), sig })}`, headers: {} };
  },
};

describe(`adding a wall on ${kind}: its adapter file and one line in the registry, nothing else`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  const walls: WallsConfig = { secrets: {}, production: false };
  // The registry with the new line.
  const adapters = [...WALL_ADAPTERS, acmewall];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0' });
    app = Fastify({ logger: false });
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);
    registerErrorHandling(app);
    await app.register(databasePlugin, { handle: database(), closeOnAppClose: false });
    await app.register(realtimePlugin, realtimeOptionsOf(config));
    await app.register(rateLimitPlugin, { limits: config.rateLimits, redisUrl: undefined });
    await app.register(notificationsPlugin, { realtime: app.realtime, mailer: captureMailer(), siteUrl: undefined, days: config.notificationDays, pruneEveryMs: 0 });
    await app.register(postbackRoutes, { prefix: '/api', walls, publicUrl: undefined, adapters });
  });
  afterAll(() => app.close());

  it('credits through the one route, answers in its words, is stored and replays', async () => {
    const [user] = await database().db.insert(users).values({ name: 'Acme User', email: 'acme@example.com', referralCode: 'ACMEWALL' }).returning({ id: users.id });
    const signed = acmewall.sign({ base: 'http://localhost:80', userId: user!.id, txid: 'acme-1', coins: 700, offerId: '', eventId: '', reverse: false }, DEV_POSTBACK_SECRET);
    const first = await injectSigned(app, signed);
    expect([first.statusCode, first.body]).toEqual([200, 'OK']);
    expect((await injectSigned(app, signed)).body).toBe('OK');
    expect(await balanceCoins(database().db, user!.id)).toBe(700);
    const tampered = await injectSigned(app, { ...signed, url: signed.url.replace('coins=700', 'coins=7000') });
    expect([tampered.statusCode, tampered.body]).toEqual([403, 'ERROR: Invalid signature.']);

    const stored = await database().db.select().from(postbackCallbacks).where(eq(postbackCallbacks.wall, 'acmewall')).orderBy(postbackCallbacks.id);
    expect(stored.map((row) => row.outcome)).toEqual(['credited', 'duplicate', 'refused']);
    const record = await findCallback(database().db, stored[0]!.id);
    const replay = await handleCallback(
      { db: database().db, log: app.log },
      { walls, adapters, replayOf: record!.id },
      requestOfRecord(record!, { secret: DEV_POSTBACK_SECRET, publicUrl: undefined }),
    );
    expect([replay.outcome, replay.reply.body]).toEqual(['duplicate', 'OK']);
    expect(await balanceCoins(database().db, user!.id)).toBe(700);
  });
});
