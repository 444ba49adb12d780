import { asc, inArray } from 'drizzle-orm';
import { useTestDatabase } from '../test/test-database';
import { preparedBatchInsert } from './batch-insert';
import { liveLeads } from './schema';

type Lead = { name: string; amountCoins: number; wall: string; offer: string; simulated: boolean };

const insertLeads = preparedBatchInsert<Lead>('test_insert_live_leads', liveLeads, {
  name: liveLeads.name,
  amountCoins: liveLeads.amountCoins,
  wall: liveLeads.wall,
  offer: liveLeads.offer,
  simulated: liveLeads.simulated,
});

/** Texts that an array literal must quote or escape, and some it must not take for anything else. */
const AWKWARD_TEXTS = ['', 'NULL', 'null', '"quoted"', 'back\\slash', '{braces}', 'a,b', ' padded ', 'new\nline', 'tab\there', "it's", 'ünïcødé ✓', '\\"{,}"\\', 'x'.repeat(8192)];

const lead = (name: string, index: number): Lead => ({ name, amountCoins: index + 1, wall: `wall-${index}`, offer: name, simulated: index % 2 === 0 });

describe('preparedBatchInsert', () => {
  const database = useTestDatabase();

  it('stores every row exactly as given and answers their ids in the order of the rows', async () => {
    const { db } = database();
    const rows = AWKWARD_TEXTS.map(lead);
    const ids = await insertLeads(db, rows);
    expect(ids).toHaveLength(rows.length);
    const stored = await db
      .select({ id: liveLeads.id, name: liveLeads.name, amountCoins: liveLeads.amountCoins, wall: liveLeads.wall, offer: liveLeads.offer, simulated: liveLeads.simulated })
      .from(liveLeads)
      .where(inArray(liveLeads.id, ids))
      .orderBy(asc(liveLeads.id));
    expect(stored.map(({ id, ...row }) => [id, row])).toEqual(rows.map((row, index) => [ids[index], row]));
  });

  it('stores one row, and many, with the same statement', async () => {
    const { db } = database();
    const [one] = await insertLeads(db, [lead('one', 0)]);
    const many = await insertLeads(
      db,
      Array.from({ length: 500 }, (_, index) => lead(`row ${index}`, index)),
    );
    expect(many).toHaveLength(500);
    expect(many[0]).toBeGreaterThan(one!);
    const names = await db.select({ name: liveLeads.name }).from(liveLeads).where(inArray(liveLeads.id, many)).orderBy(asc(liveLeads.id));
    expect(names.map((row) => row.name)).toEqual(Array.from({ length: 500 }, (_, index) => `row ${index}`));
  });

  it('stores none of the rows when the database refuses one', async () => {
    const { db } = database();
    const before = await db.$count(liveLeads);
    await expect(insertLeads(db, [lead('fine', 0), { ...lead('refused', 1), amountCoins: 0 }, lead('fine too', 2)])).rejects.toThrow();
    expect(await db.$count(liveLeads)).toBe(before);
  });

  it('runs inside a transaction, and goes with its rollback', async () => {
    const { db } = database();
    const before = await db.$count(liveLeads);
    await expect(
      db.transaction(async (tx) => {
        expect(await insertLeads(tx, [lead('in a transaction', 0), lead('and another', 1)])).toHaveLength(2);
        expect(await tx.$count(liveLeads)).toBe(before + 2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.$count(liveLeads)).toBe(before);
  });
});
