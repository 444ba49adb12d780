import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { balanceMoves } from './balance-moves';
import { bookingSteps, LOCK_ORDER, LockOrderError, LockSequence } from './lock-order';

const text = (statement: ReturnType<typeof bookingSteps>) => new PgDialect().sqlToQuery(statement).sql;

describe('the lock order of every booking', () => {
  it('is the referral review, the conversion, the user offer, the hold, then balances', () => {
    expect(LOCK_ORDER).toEqual(['referral review', 'conversion', 'user offer', 'hold', 'balance']);
  });

  it('lets a transaction take its locks in that order, skip steps and lock several balances', async () => {
    const locks = new LockSequence();
    const taken: string[] = [];
    const take = (step: (typeof LOCK_ORDER)[number]) => locks.take(step, async () => taken.push(step));
    await take('referral review');
    await take('user offer');
    await take('balance');
    await take('balance');
    expect(taken).toEqual(['referral review', 'user offer', 'balance', 'balance']);
  });

  it('refuses a lock taken after a later one, before asking the database for it', async () => {
    const locks = new LockSequence();
    await locks.take('balance', async () => undefined);
    const lock = jest.fn(async () => undefined);
    await expect(locks.take('conversion', lock)).rejects.toThrow(new LockOrderError('conversion', 'balance'));
    expect(lock).not.toHaveBeenCalled();
  });

  it('builds a statement whose steps lock in that order, and refuses one that does not', () => {
    const review = { name: 'review', locks: 'referral review' as const, body: sql`select 1` };
    const conversion = { name: 'conversion', locks: 'conversion' as const, body: sql`select 2` };
    expect(text(bookingSteps([review, { name: 'plain', body: sql`select 3` }, conversion]))).toBe(
      'with "review" as (select 1), "plain" as (select 3), "conversion" as (select 2)',
    );
    expect(() => bookingSteps([conversion, review])).toThrow(LockOrderError);
  });

  it('puts balances last: a statement cannot lock a conversion after moving a balance', () => {
    const moves = balanceMoves({ name: 'moved', rows: 'credit' });
    expect(moves.map((step) => step.name)).toEqual(['moved', 'moved_entry']);
    expect(() => bookingSteps([...moves, { name: 'conversion', locks: 'conversion', body: sql`select 1` }])).toThrow(LockOrderError);
  });
});
