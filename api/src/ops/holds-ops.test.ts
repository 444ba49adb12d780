import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { readEarningHolds } from '../config-values';
import { operatorAudit, users } from '../db/schema';
import { creditConversion } from '../modules/conversions/crediting';
import { verifyLedger } from '../modules/ledger/ledger';
import { distinctAddress, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { databaseKind, ops } from '../test/cashout-test-kit';
import { balanceCoins, heldCoins } from '../test/wall-test-kit';

const RULES = readEarningHolds('large_credit=10.00/7d');

describe(`ops holds:list and holds:release on ${databaseKind}`, () => {
  const { database, app } = useTestApp();

  async function heldUser(...amounts: number[]) {
    const signedUp = await signUp(app(), {}, { from: distinctAddress() });
    for (const coins of amounts) {
      const txid = `ops-${randomUUID()}`;
      await creditConversion(database().db, { wall: 'demo', txid, userId: signedUp.user.id, partnerOfferId: '', partnerEventId: '', payoutCoins: coins }, { holds: RULES });
    }
    return signedUp;
  }

  it('lists held credits with the user, amount, reason and date, and totals them', async () => {
    const { email } = await heldUser(12_000, 10_500);
    const listed = await ops(database(), 'holds:list', '--user', email);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(email);
    expect(listed.out).toContain('$12.00');
    expect(listed.out).toContain('large_credit');
    expect(listed.out).toContain('2 held credits, $22.50');
    const json = JSON.parse((await ops(database(), 'holds:list', '--user', email, '--json')).out).result;
    expect(json).toEqual([
      expect.objectContaining({ email, amount: '12.00', amount_coins: 12_000, reason: 'large_credit', release_at: expect.any(String) }),
      expect.objectContaining({ email, amount: '10.50' }),
    ]);
  });

  it("releases a user's held credits now, audited with the operator's reason", async () => {
    const { email, user } = await heldUser(12_000, 10_500);
    const other = await heldUser(11_000);
    const released = await ops(database(), 'holds:release', '--user', email, '--reason', 'verified by support');
    expect(released).toMatchObject({ code: 0 });
    expect(released.out).toContain(`Released 2 held credits of ${email}: $22.50 available now`);
    expect([await balanceCoins(database().db, user.id), await heldCoins(database().db, user.id)]).toEqual([22_500, 0]);
    expect(await heldCoins(database().db, other.user.id)).toBe(11_000);
    const [row] = await database().db.select().from(operatorAudit).where(eq(operatorAudit.command, 'holds:release')).orderBy(desc(operatorAudit.id)).limit(1);
    expect(row).toMatchObject({ reason: 'verified by support', userEmail: email, outcome: 'done' });
    expect(await ops(database(), 'holds:release', '--user', email, '--reason', 'again')).toMatchObject({ code: 0, out: `${email} has no held credits.` });
    expect(await verifyLedger(database().db)).toEqual([]);
  });

  it.each([
    [['holds:release', '--user', 'pat@example.com'], 'holds:release needs --reason <text>'],
    [['holds:release', '--reason', 'x'], 'holds:release takes --user <email> and --reason <text>'],
    [['holds:release', '--user', 'not-an-email', '--reason', 'x'], 'is not an email address'],
    [['holds:list', '--limit', '0'], '--limit takes a number of rows'],
    [['holds:list', '--user', 'a@example.com', '--user', 'b@example.com'], '--user is given twice'],
    [['holds:list', '--status', 'held'], 'unknown option "--status"'],
    [['holds:list', '--reason', 'why'], 'holds:list changes nothing and takes no --reason'],
  ])('refuses %j and changes nothing', async (argv, message) => {
    const result = await ops(database(), ...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it('ledger:verify names a user whose held balance differs from their ledger rows', async () => {
    const { user } = await heldUser(12_000);
    await database().db.update(users).set({ heldCoins: 11_000 }).where(eq(users.id, user.id));
    const verified = await ops(database(), 'ledger:verify');
    expect(verified.code).toBe(1);
    expect(verified.out).toContain(`user ${user.id}: balance $0.00 (0 coins), ledger $0.00 (0 coins); held $11.00 (11000 coins), ledger $12.00 (12000 coins)`);
    await database().db.update(users).set({ heldCoins: 12_000 }).where(eq(users.id, user.id));
    expect((await ops(database(), 'ledger:verify')).code).toBe(0);
  });

  it('answers an unknown user with a clear line', async () => {
    const result = await ops(database(), 'holds:release', '--user', 'nobody@example.com', '--reason', 'x');
    expect(result).toMatchObject({ code: 1 });
    expect(result.err).toContain('No user with email nobody@example.com');
  });
});
