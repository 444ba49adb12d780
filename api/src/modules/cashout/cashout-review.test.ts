import { and, eq } from 'drizzle-orm';
import { cashouts, ledgerEntries } from '../../db/schema';
import { useTestApp } from '../../test/build-test-app';
import { balanceOf, verifyLedger } from '../ledger/ledger';
import { databaseKind, fundedUser, ops, paypal, stats, store } from '../../test/cashout-test-kit';
import { insertCashout } from './repository';
import { approveCashout, CashoutNotFoundError, CashoutNotPendingError, isUniqueViolation, rejectCashout } from './service';

describe(`reviewing cashouts on ${databaseKind}`, () => {
  const { database, db, app } = useTestApp();

  /** A user with $10 who asked for a $4 cashout. */
  async function pendingCashout() {
    const signedUp = await fundedUser(app(), db(), 10_000);
    const response = await store(app(), signedUp.token, paypal(4));
    return { ...signedUp, id: response.json().data.cashout.id as number };
  }
  const refundsOf = (id: number) =>
    db().select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'cashout_refund'), eq(ledgerEntries.reference, `cashout:${id}`)));

  it('approves a pending cashout of the manual rail: paid (the operator paid it), reviewed_at set, money stays debited', async () => {
    const { id, user } = await pendingCashout();
    const { cashout: approved } = await approveCashout(db(), id);
    expect(approved).toMatchObject({ id, status: 'paid', rail: 'manual', rejectionReason: null, reviewedAt: expect.any(Date), paidAt: expect.any(Date) });
    expect(await balanceOf(db(), user.id)).toBe(6_000);
    await expect(approveCashout(db(), id)).rejects.toBeInstanceOf(CashoutNotPendingError);
    await expect(rejectCashout(db(), id, 'too late')).rejects.toThrow(`Cashout ${id} is paid, not pending`);
    expect(await refundsOf(id)).toEqual([]);
    expect(await balanceOf(db(), user.id)).toBe(6_000);
  });

  it('rejects a pending cashout with the reason and refunds it through the ledger, once', async () => {
    const { id, user, token } = await pendingCashout();
    const { cashout, balanceCoins } = await rejectCashout(db(), id, 'PayPal account not found');
    expect(cashout).toMatchObject({ status: 'rejected', rejectionReason: 'PayPal account not found', reviewedAt: expect.any(Date) });
    expect(balanceCoins).toBe(10_000);
    expect(await refundsOf(id)).toEqual([expect.objectContaining({ userId: user.id, amountCoins: 4_000 })]);
    await expect(rejectCashout(db(), id, 'again')).rejects.toBeInstanceOf(CashoutNotPendingError);
    await expect(approveCashout(db(), id)).rejects.toThrow(`Cashout ${id} is rejected, not pending`);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await stats(app(), token)).toMatchObject({ current_balance: '10.00', pending_count: 0, total_requested: '0.00' });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('refunds once when rejects arrive together', async () => {
    const { id, user } = await pendingCashout();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => rejectCashout(db(), id, `reason ${i}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(CashoutNotPendingError);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await balanceOf(db(), user.id)).toBe(10_000);
  });

  it('lets exactly one of concurrent approvals and rejections win', async () => {
    const { id, user } = await pendingCashout();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 2 ? approveCashout(db(), id) : rejectCashout(db(), id, 'no'))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [row] = await db().select().from(cashouts).where(eq(cashouts.id, id));
    expect(await balanceOf(db(), user.id)).toBe(row?.status === 'rejected' ? 10_000 : 6_000);
    expect(await refundsOf(id)).toHaveLength(row?.status === 'rejected' ? 1 : 0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('says when there is no such cashout', async () => {
    await expect(approveCashout(db(), 999_999)).rejects.toBeInstanceOf(CashoutNotFoundError);
    await expect(rejectCashout(db(), 999_999, 'x')).rejects.toThrow('No cashout with id 999999');
  });

  it('recognises the unique violation of a reused Idempotency-Key, whichever driver reports it', async () => {
    const { user } = await fundedUser(app(), db(), 0);
    const row = { userId: user.id, method: 'paypal', account: 'a@b.co', amountCoins: 1_000, balanceAfterCoins: 0, idempotencyKey: 'dup' };
    await insertCashout(db(), row);
    const error = await insertCashout(db(), row).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 'cashouts_user_idempotency_key_unique')).toBe(true);
    expect(isUniqueViolation(error, 'some_other_unique')).toBe(false);
    expect(isUniqueViolation(new Error('no'), 'cashouts_user_idempotency_key_unique')).toBe(false);
    await db().delete(cashouts).where(eq(cashouts.userId, user.id));
  });

  describe('pnpm ops cashouts:*', () => {
    it('cashouts:list prints id, user email, method, account, amount, status and created, newest first', async () => {
      const { id, email } = await pendingCashout();
      const result = await ops(database(), 'cashouts:list');
      expect(result.code).toBe(0);
      const lines = result.out.split('\n');
      expect(lines[0]).toMatch(/^id\s+user\s+method\s+account\s+amount\s+status\s+created\s+in review because$/);
      expect(lines[2]).toMatch(new RegExp(`^${id}\\s+${email.replace(/[.+]/g, '\\$&')}\\s+paypal\\s+pat@example\\.com\\s+\\$4\\.00\\s+pending\\s+\\d{4}-`));
    });

    it('cashouts:list --status filters by status', async () => {
      const { id } = await pendingCashout();
      await approveCashout(db(), id);
      const pending = await ops(database(), 'cashouts:list', '--status', 'pending');
      expect(pending.code).toBe(0);
      expect(pending.out).not.toMatch(new RegExp(`^${id}\\s`, 'm'));
      expect(pending.out).not.toMatch(/\s(paid|rejected)\s/);
      const paid = await ops(database(), 'cashouts:list', '--status', 'paid', '--limit', '500');
      expect(paid.out).toMatch(new RegExp(`^${id}\\s.*paid`, 'm'));
    });

    it('cashouts:approve marks a pending cashout of the manual rail paid, with --reference, and refuses anything else with exit code 1', async () => {
      const { id, token } = await pendingCashout();
      expect(await ops(database(), 'cashouts:approve', String(id), '--reference', 'PP-123', '--reason', 'paid out')).toEqual({
        code: 0,
        out: `Cashout ${id}: pending -> paid ($4.00 by paypal to pat@example.com; paid by hand)`,
        err: '',
      });
      const history = await app().inject({ method: 'GET', url: '/api/Cashout/history', headers: { authorization: `Bearer ${token}` } });
      expect(history.json().data.items[0]).toMatchObject({ id, status: 'paid', provider_reference: 'PP-123', paid_at: expect.any(String) });
      expect(await ops(database(), 'cashouts:approve', String(id), '--reason', 'paid out')).toMatchObject({
        code: 1,
        err: `Cashout ${id} is paid, not pending: only a pending cashout can be reviewed (and a failed one rejected).`,
      });
      expect(await ops(database(), 'cashouts:approve', '999999', '--reason', 'paid out')).toMatchObject({ code: 1, err: 'No cashout with id 999999' });
    });

    it('cashouts:reject rejects with the reason (no quotes needed), refunds, and refuses a second time', async () => {
      const { id, user, token } = await pendingCashout();
      const result = await ops(database(), 'cashouts:reject', String(id), '--reason', 'Wrong', 'PayPal', 'email');
      expect(result.code).toBe(0);
      expect(result.out).toBe(`Cashout ${id}: pending -> rejected; $4.00 refunded, the user's balance is now $10.00\nReason shown to the user: Wrong PayPal email`);
      expect(await balanceOf(db(), user.id)).toBe(10_000);
      const history = await app().inject({ method: 'GET', url: '/api/Cashout/history', headers: { authorization: `Bearer ${token}` } });
      expect(history.json().data.items[0]).toMatchObject({ id, status: 'rejected', rejection_reason: 'Wrong PayPal email' });
      expect(await ops(database(), 'cashouts:reject', String(id), '--reason', 'again')).toMatchObject({ code: 1, err: expect.stringContaining('is rejected, not pending') });
      expect(await ops(database(), 'cashouts:approve', String(id), '--reason', 'paid out')).toMatchObject({ code: 1 });
      expect(await refundsOf(id)).toHaveLength(1);
    });

    it.each([
      ['cashouts:approve'],
      ['cashouts:approve', 'abc'],
      ['cashouts:approve', '0'],
      ['cashouts:approve', '1', '2'],
      ['cashouts:approve', '1'],
      ['cashouts:reject', '1'],
      ['cashouts:reject', '1', '--reason'],
      ['cashouts:reject', '1', '--reason', '  '],
      ['cashouts:reject', '1', 'because'],
      ['cashouts:reject', 'x', '--reason', 'r'],
      ['cashouts:list', '--status', 'done'],
      ['cashouts:approve', '1', '--reference', ' '],
      ['cashouts:approve', '1', '--reference'],
      ['cashouts:list', '--limit', '0'],
      ['cashouts:list', '--verbose'],
    ])('exits 2 with the usage for %p', async (...argv) => {
      const result = await ops(database(), ...argv);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/Usage: pnpm ops cashouts:/);
    });

    it('help lists the cashout commands', async () => {
      const { out } = await ops(database(), 'help');
      for (const usage of ['cashouts:list [--status <pending|approved|sending|paid|failed|returned|unclaimed|rejected>]', 'cashouts:approve <id>', 'cashouts:reject <id> --reason <text>']) {
        expect(out).toContain(usage);
      }
    });
  });

  it('leaves the ledger consistent after all of it', async () => {
    expect(await verifyLedger(db())).toEqual([]);
  });
});
