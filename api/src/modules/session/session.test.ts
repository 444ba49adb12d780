import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { ForbiddenError, UnauthorizedError } from '../../domain-errors';
import { insertUser } from '../account/repository';
import { uniqueEmail } from '../../test/accounts';
import { useTestDatabase } from '../../test/test-database';
import { hashSessionToken, lookupSession, requireSession, revokeAllSessions, revokeSession, startSession } from './session';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const client = { userAgent: 'jest', ip: '203.0.113.9' };

describe(`the session module on ${kind}`, () => {
  const database = useTestDatabase();
  const db = () => database().db;
  const newUser = async () => (await insertUser(db(), { name: 'Pat', email: uniqueEmail('session'), passwordHash: null, referredBy: null }))!.id;

  it('opens a session whose token finds its user, storing only the token hash', async () => {
    const userId = await newUser();
    const token = await startSession(db(), userId, client);
    const found = await lookupSession(db(), token);
    expect(found?.user.id).toBe(userId);
    const [row] = await db().select().from(sessions).where(eq(sessions.id, found!.sessionId));
    expect(row).toMatchObject({ tokenHash: hashSessionToken(token), userAgent: 'jest', ip: '203.0.113.9' });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a short token', 'abc'],
    ['a token of 201 characters', 'a'.repeat(201)],
    ['SQL', "' OR 1=1 --aaaaaaaaaaaaaaaaaaa"],
    ['a token with a dot', `${'a'.repeat(30)}.x`],
    ['a token with a NUL', `${'a'.repeat(30)}\u0000`],
    ['non-ASCII letters', 'é'.repeat(40)],
    ['a well-formed token nobody was given', 'A'.repeat(43)],
  ])('finds nothing for %s', async (_, token) => {
    expect(await lookupSession(db(), token)).toBeUndefined();
    await expect(requireSession(db(), token)).rejects.toThrow(new UnauthorizedError('Unauthenticated.'));
  });

  it('finds nothing once the session is revoked, or all of its user are', async () => {
    const userId = await newUser();
    const one = await startSession(db(), userId, client);
    const two = await startSession(db(), userId, client);
    const three = await startSession(db(), userId, client);
    await revokeSession(db(), (await lookupSession(db(), one))!.sessionId);
    expect(await lookupSession(db(), one)).toBeUndefined();
    expect(await lookupSession(db(), two)).toBeDefined();
    await revokeAllSessions(db(), userId);
    expect(await lookupSession(db(), two)).toBeUndefined();
    expect(await lookupSession(db(), three)).toBeUndefined();
  });

  it('refuses a blocked or pending account with the spec words, but still finds its session', async () => {
    for (const [status, errorType, message] of [
      ['blocked', 'account_blocked', 'Your account has been blocked.'],
      ['pending', 'account_pending', 'The account has been temporarily disabled.'],
    ] as const) {
      const userId = await newUser();
      const token = await startSession(db(), userId, client);
      await db().update(users).set({ status }).where(eq(users.id, userId));
      expect((await lookupSession(db(), token))?.user.status).toBe(status);
      const refusal = await requireSession(db(), token).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ForbiddenError);
      expect(refusal).toMatchObject({ message, details: { errorType } });
    }
  });

  it('marks a session used when it was last used more than a minute ago, not on every call', async () => {
    const token = await startSession(db(), await newUser(), client);
    const { sessionId } = (await lookupSession(db(), token))!;
    const lastUsed = async () => (await db().select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.lastUsedAt.getTime();
    const longAgo = new Date(Date.now() - 3_600_000);
    await db().update(sessions).set({ lastUsedAt: longAgo }).where(eq(sessions.id, sessionId));
    await lookupSession(db(), token);
    expect(await lastUsed()).toBeGreaterThan(longAgo.getTime() + 60_000);
    const recent = new Date(Date.now() - 10_000);
    await db().update(sessions).set({ lastUsedAt: recent }).where(eq(sessions.id, sessionId));
    await lookupSession(db(), token);
    expect(await lastUsed()).toBe(recent.getTime());
  });
});
