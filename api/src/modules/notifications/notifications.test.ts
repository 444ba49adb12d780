import { eq, sql } from 'drizzle-orm';
import type { NotificationsPage } from '@rewards/shared/contracts/notifications';
import { notifications } from '../../db/schema';
import { bearer, signUp, type SignedUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { notify, notifyMany } from './notify';
import { pruneNotifications } from './retention';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`the notification centre's API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, app } = useTestApp();

  /** `count` credits for the user, the first one oldest; their offers are named "Offer 1" … */
  async function credits(userId: number, count: number) {
    const inputs = Array.from({ length: count }, (_, index) => ({ userId, kind: 'credit' as const, data: { coins: 1000 * (index + 1), offer: `Offer ${index + 1}` } }));
    return notifyMany(db(), inputs);
  }

  async function list(user: SignedUp, query = ''): Promise<NotificationsPage> {
    const response = await app().inject({ method: 'GET', url: `/api/notifications${query}`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  const markRead = (user: SignedUp, body: unknown) =>
    app().inject({ method: 'POST', url: '/api/notifications/read', headers: { ...bearer(user.token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  async function profileUnread(user: SignedUp): Promise<number> {
    const response = await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(user.token) });
    return response.json().data.unread_notifications;
  }

  describe('GET /api/notifications', () => {
    it('lists newest first, rendered, with the unread count', async () => {
      const user = await signUp(app());
      const [first] = await credits(user.user.id, 2);
      const page = await list(user);
      expect(page).toEqual({
        items: [
          { id: expect.any(Number), kind: 'credit', title: 'You earned $2.00', body: '“Offer 2”: available now.', link: '/Profile', created_at: expect.any(String), read: false },
          { id: first!.id, kind: 'credit', title: 'You earned $1.00', body: '“Offer 1”: available now.', link: '/Profile', created_at: first!.createdAt.toISOString(), read: false },
        ],
        unread: 2,
        next_cursor: null,
      });
    });

    it('pages with limit and cursor: 20 by default, never repeating or skipping one', async () => {
      const user = await signUp(app());
      await credits(user.user.id, 45);
      const first = await list(user);
      expect(first.items).toHaveLength(20);
      expect(first.items[0]!.title).toBe('You earned $45.00');
      expect(first.unread).toBe(45);
      const second = await list(user, `?cursor=${first.next_cursor}`);
      const third = await list(user, `?limit=50&cursor=${second.next_cursor}`);
      expect(third.next_cursor).toBeNull();
      const bodies = [...first.items, ...second.items, ...third.items].map((item) => item.body);
      expect(bodies).toEqual(Array.from({ length: 45 }, (_, index) => `“Offer ${45 - index}”: available now.`));
      const small = await list(user, '?limit=1');
      expect(small.items).toHaveLength(1);
      expect(small.next_cursor).toBe(String(small.items[0]!.id));
    });

    it('answers an empty list for a user with none', async () => {
      expect(await list(await signUp(app()))).toEqual({ items: [], unread: 0, next_cursor: null });
    });

    it("lists a row of a kind no longer known as a plain update, so one odd row never breaks the list", async () => {
      const user = await signUp(app());
      await db().insert(notifications).values({ userId: user.user.id, kind: 'lottery_won', data: { coins: 5 } });
      expect((await list(user)).items[0]).toMatchObject({ kind: 'lottery_won', title: 'Account update', link: null });
    });

    it('needs a session', async () => {
      const response = await app().inject({ method: 'GET', url: '/api/notifications' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it.each([
      ['?limit=0', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?limit=51', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?limit=1.5', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?limit=-1', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?limit=ten', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?limit=1&limit=2', 'limit', 'The limit must be a whole number from 1 to 50.'],
      ['?cursor=0', 'cursor', 'The cursor must be the next_cursor of an earlier page.'],
      ['?cursor=abc', 'cursor', 'The cursor must be the next_cursor of an earlier page.'],
      ['?cursor=9999999999999999999', 'cursor', 'The cursor must be the next_cursor of an earlier page.'],
      ['?cursor=%00', 'cursor', 'The cursor must be the next_cursor of an earlier page.'],
    ])('refuses %s with 422 under %s', async (query, field, message) => {
      const user = await signUp(app());
      const response = await app().inject({ method: 'GET', url: `/api/notifications${query}`, headers: bearer(user.token) });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    });
  });

  describe('POST /api/notifications/read', () => {
    it('marks the given ids read and answers what is still unread; Profile carries the same count', async () => {
      const user = await signUp(app());
      const rows = await credits(user.user.id, 4);
      expect(await profileUnread(user)).toBe(4);
      const response = await markRead(user, { ids: [rows[0]!.id, rows[2]!.id, rows[2]!.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', data: { unread: 2 } });
      const items = (await list(user)).items;
      expect(items.filter((item) => item.read).map((item) => item.id).sort()).toEqual([rows[0]!.id, rows[2]!.id].sort());
      expect(await profileUnread(user)).toBe(2);
    });

    it('marks all read with { all: true }, and a second time changes nothing', async () => {
      const user = await signUp(app());
      await credits(user.user.id, 3);
      expect((await markRead(user, { all: true })).json()).toEqual({ status: 'success', data: { unread: 0 } });
      const readAt = await db().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, user.user.id));
      expect((await markRead(user, { all: true })).json().data.unread).toBe(0);
      expect(await db().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, user.user.id))).toEqual(readAt);
      expect((await list(user)).items.every((item) => item.read)).toBe(true);
    });

    it("changes only the user's own: another user's ids and 'all' leave theirs unread", async () => {
      const owner = await signUp(app());
      const stranger = await signUp(app());
      const rows = await credits(owner.user.id, 2);
      await credits(stranger.user.id, 1);
      expect((await markRead(stranger, { ids: rows.map((row) => row.id) })).json()).toEqual({ status: 'success', data: { unread: 1 } });
      expect((await markRead(stranger, { all: true })).json().data.unread).toBe(0);
      expect((await list(owner)).unread).toBe(2);
      expect((await list(stranger)).items.map((item) => item.id)).not.toEqual(expect.arrayContaining([rows[0]!.id]));
    });

    it('needs a session, before it reads the body', async () => {
      const response = await app().inject({ method: 'POST', url: '/api/notifications/read', headers: { 'content-type': 'application/json' }, payload: '{' });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      [{}, 'body', 'Send either ids (a list of notification ids) or all: true.'],
      [{ ids: [1], all: true }, 'body', 'Send either ids (a list of notification ids) or all: true.'],
      [{ ids: [] }, 'ids', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: Array.from({ length: 101 }, (_, index) => index + 1) }, 'ids', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: ['1'] }, 'ids.0', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: [0] }, 'ids.0', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: [1.5] }, 'ids.0', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: [2 ** 60] }, 'ids.0', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ ids: 'all' }, 'ids', 'The ids must be a list of 1 to 100 notification ids.'],
      [{ all: false }, 'all', 'The all field must be true.'],
      [{ all: 'true' }, 'all', 'The all field must be true.'],
      [[1, 2], 'body', 'The request body must be a JSON object.'],
      ['all', 'body', 'The request body must be a JSON object.'],
    ])('refuses %j with 422 under %s, changing nothing', async (body, field, message) => {
      const user = await signUp(app());
      await credits(user.user.id, 1);
      const response = await markRead(user, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      expect((await list(user)).unread).toBe(1);
    });

    it('refuses prototype pollution and leaves the rows as they were', async () => {
      const user = await signUp(app());
      await credits(user.user.id, 1);
      const response = await app().inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload: '{"__proto__":{"all":true}}',
      });
      expect(response.statusCode).toBe(400);
      expect((await list(user)).unread).toBe(1);
    });
  });

  describe('what is kept', () => {
    it('shows and counts at most the newest 500 per user, and the prune deletes the rest', async () => {
      const user = await signUp(app());
      const rows = await credits(user.user.id, 505);
      const pages: NotificationsPage[] = [];
      for (let cursor = ''; pages.length === 0 || pages.at(-1)!.next_cursor !== null; cursor = `&cursor=${pages.at(-1)!.next_cursor}`) {
        pages.push(await list(user, `?limit=50${cursor}`));
      }
      const listed = pages.flatMap((page) => page.items);
      expect(listed).toHaveLength(500);
      expect(listed.at(-1)!.id).toBe(rows[5]!.id);
      expect(pages[0]!.unread).toBe(500);
      expect(await profileUnread(user)).toBe(500);

      expect(await pruneNotifications(db(), { days: 90 })).toMatchObject({ overCap: 5 });
      const kept = await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.user.id));
      expect(kept).toHaveLength(500);
      expect(Math.min(...kept.map((row) => row.id))).toBe(rows[5]!.id);
      // Idempotent: nothing new, nothing more to do.
      expect(await pruneNotifications(db(), { days: 90 })).toEqual({ expired: 0, overCap: 0 });
    }, 60_000);

    it('counts only what the cap keeps: unread rows past the newest 500 are not counted', async () => {
      const user = await signUp(app());
      await credits(user.user.id, 3);
      const later = await credits(user.user.id, 500);
      await markRead(user, { ids: later.slice(0, 100).map((row) => row.id) });
      expect((await list(user)).unread).toBe(400);
    }, 60_000);

    it('looks at a user over the cap again once they get a new notification', async () => {
      const user = await signUp(app());
      await credits(user.user.id, 500);
      await pruneNotifications(db(), { days: 90 });
      await notify(db(), { userId: user.user.id, kind: 'referral_bonus', data: { coins: 50 } });
      expect((await pruneNotifications(db(), { days: 90 })).overCap).toBeGreaterThanOrEqual(1);
      expect(await db().$count(notifications, eq(notifications.userId, user.user.id))).toBe(500);
    }, 60_000);

    it('deletes notifications older than NOTIFICATION_DAYS, whoever they belong to', async () => {
      const [user, other] = [await signUp(app()), await signUp(app())];
      const [old, recent] = await credits(user.user.id, 2);
      const [otherOld] = await credits(other.user.id, 1);
      await db().update(notifications).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(notifications.id, old!.id));
      await db().update(notifications).set({ createdAt: sql`now() - interval '29 days'` }).where(eq(notifications.id, recent!.id));
      await db().update(notifications).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(notifications.id, otherOld!.id));
      expect((await pruneNotifications(db(), { days: 30 })).expired).toBe(2);
      expect((await list(user)).items.map((item) => item.id)).toEqual([recent!.id]);
      expect((await list(other)).items).toEqual([]);
    });
  });

  it('deleting an account deletes its notifications (they name addresses and devices)', async () => {
    const user = await signUp(app());
    await notify(db(), { userId: user.user.id, kind: 'new_sign_in', data: { user_agent: 'Firefox/127.0', ip: '203.0.113.9' } });
    const response = await app().inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    expect(await db().$count(notifications, eq(notifications.userId, user.user.id))).toBe(0);
  });
});
