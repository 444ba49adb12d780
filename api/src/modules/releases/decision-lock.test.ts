import { openExtraPool } from '../../test/extra-pool';
import { useTestDatabase } from '../../test/test-database';
import { advisoryDecisionLock } from './decision-lock';

describe('the canary watch decision lock', () => {
  const database = useTestDatabase();

  it('runs the decision and answers what it returned', async () => {
    const lock = advisoryDecisionLock(database().db);
    expect(await lock('mf-earn', async () => 'rolled back')).toEqual({ ran: true, value: 'rolled back' });
    // Let go with its transaction: the next decision has it again.
    expect(await lock('mf-earn', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  it('lets go of the lock when the decision fails', async () => {
    const lock = advisoryDecisionLock(database().db);
    await expect(lock('mf-earn', async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await lock('mf-earn', async () => 'after')).toEqual({ ran: true, value: 'after' });
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('lets one instance decide for a remote while another one holds it (PostgreSQL)', async () => {
    const other = await openExtraPool(database(), 2);
    try {
      const mine = advisoryDecisionLock(database().db);
      const theirs = advisoryDecisionLock(other.db);
      let finish: () => void = () => {};
      const holding = new Promise<void>((resolve) => (finish = resolve));
      let entered: () => void = () => {};
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const first = mine('mf-earn', async () => {
        entered();
        await holding;
        return 'first';
      });
      await inside;
      expect(await theirs('mf-earn', async () => 'second')).toEqual({ ran: false });
      // Another remote is decided meanwhile.
      expect(await theirs('mf-cashout', async () => 'other remote')).toEqual({ ran: true, value: 'other remote' });
      finish();
      expect(await first).toEqual({ ran: true, value: 'first' });
      expect(await theirs('mf-earn', async () => 'now')).toEqual({ ran: true, value: 'now' });
    } finally {
      await other.close();
    }
  });
});
