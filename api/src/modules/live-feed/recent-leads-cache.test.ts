import { liveLeads } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { useTestDatabase } from '../../test/test-database';
import { publishFeedEntry } from './feed';
import { createRecentLeadsCache } from './recent-leads-cache';

const noRealtime = { publishLead: async () => {} };
const entry = (name: string) => ({ name, amountCoins: 1000, wall: 'Notik', offer: 'Survey' });

describe('the recent leads cache', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  beforeEach(async () => {
    await db().delete(liveLeads);
  });

  it('reads the database at most once per ttl, and shares one read among concurrent callers', async () => {
    let clock = 0;
    const cache = createRecentLeadsCache(db(), 1000, () => clock);
    await publishFeedEntry({ db: db(), realtime: noRealtime }, entry('Ada L.'), false);
    const [first, second] = [cache.get(), cache.get()];
    expect(first).toBe(second);
    expect((await first).map((lead) => lead.name)).toEqual(['Ada L.']);

    await publishFeedEntry({ db: db(), realtime: noRealtime }, entry('Ben K.'), false);
    clock = 999;
    expect((await cache.get()).map((lead) => lead.name)).toEqual(['Ada L.']);
    clock = 1000;
    expect((await cache.get()).map((lead) => lead.name)).toEqual(['Ben K.', 'Ada L.']);
  });

  it('keeps answering the last good list when the database fails, and fails only without one', async () => {
    let failing = false;
    const flaky = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'select' && failing) throw new Error('database unavailable');
        return Reflect.get(target, property, receiver);
      },
    }) as Executor;
    let clock = 0;
    await publishFeedEntry({ db: db(), realtime: noRealtime }, entry('Ada L.'), false);
    const cache = createRecentLeadsCache(flaky, 1000, () => clock);
    expect(await cache.get()).toHaveLength(1);
    failing = true;
    clock = 5000;
    expect(await cache.get()).toHaveLength(1);
    await expect(createRecentLeadsCache(flaky, 1000, () => clock).get()).rejects.toThrow('database unavailable');
  });
});
