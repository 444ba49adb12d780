import { desc, eq } from 'drizzle-orm';
import { operatorAudit, staff } from '../db/schema';
import { bearer, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`ops staff:* on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  const ops = (...argv: string[]) => runOpsCapturing(database(), argv, { invocation: { operator: 'ops-lead', cwd: '/' } });
  const latestAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0]!;
  const staffRoleOf = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data.staff_role;

  it('adds a staff member with a role (who, why, when kept), changes the role, lists and removes them: each audited', async () => {
    const user = await signUp(app());
    expect(await staffRoleOf(user.token)).toBeNull();
    const added = await ops('staff:add', user.email.toUpperCase(), 'Support', '--reason', 'new support hire');
    expect(added).toMatchObject({ code: 0 });
    expect(added.out).toBe(`${user.email} is now staff: support\nTwo-factor sign-in is off on this account: the console asks them to turn it on in Settings first.`);
    const [row] = await db().select().from(staff).where(eq(staff.userId, user.user.id));
    expect(row).toMatchObject({ role: 'support', addedBy: 'ops-lead', reason: 'new support hire', createdAt: expect.any(Date) });
    expect(await latestAudit()).toMatchObject({ operator: 'ops-lead', command: 'staff:add', arguments: [user.email.toUpperCase(), 'Support'], reason: 'new support hire', userId: user.user.id, outcome: 'done' });
    expect(await staffRoleOf(user.token)).toBe('support');
    // Session probe too (the shell decides with it whether to load the console).
    expect((await app().inject({ method: 'POST', url: '/api/user/Session', headers: bearer(user.token) })).json().data.staff_role).toBe('support');

    expect((await ops('staff:add', user.email, 'support', '--reason', 'again')).out).toContain('is already support');
    const changed = JSON.parse((await ops('staff:add', user.email, 'finance', '--reason', 'moved to finance', '--json')).out);
    expect(changed).toMatchObject({ ok: true, result: { email: user.email, role: 'finance', from: 'support', changed: true } });
    expect(await staffRoleOf(user.token)).toBe('finance');

    const listed = await ops('staff:list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^email +role +two-factor +added by +when +reason$/m);
    expect(listed.out).toMatch(new RegExp(`${user.email.replace(/[.+]/g, '\\$&')} +finance +off +ops-lead +\\S+ +moved to finance`));
    const json = JSON.parse((await ops('staff:list', '--json')).out);
    expect(json.result).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: user.user.id, role: 'finance', added_by: 'ops-lead', reason: 'moved to finance' })]));

    expect(await ops('staff:remove', user.email, '--reason', 'left the company')).toMatchObject({ code: 0, out: `${user.email} is no longer staff (was finance)` });
    expect(await latestAudit()).toMatchObject({ command: 'staff:remove', reason: 'left the company', userId: user.user.id });
    expect(await staffRoleOf(user.token)).toBeNull();
    const notStaff = await ops('staff:remove', user.email, '--reason', 'twice');
    expect(notStaff).toMatchObject({ code: 1, err: `${user.email} is not staff` });
    expect(await latestAudit()).toMatchObject({ command: 'staff:remove', outcome: 'failed', reason: 'twice' });
  });

  it('refuses unknown users, blocked accounts, and missing reasons', async () => {
    expect(await ops('staff:add', 'nobody@example.com', 'admin', '--reason', 'x')).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
    const user = await signUp(app());
    expect((await ops('users:status', user.email, 'blocked', '--reason', 'fraud')).code).toBe(0);
    expect(await ops('staff:add', user.email, 'admin', '--reason', 'x')).toMatchObject({ code: 1, err: `${user.email} is blocked: reinstate the account first (users:status)` });
    expect((await db().select().from(staff).where(eq(staff.userId, user.user.id))).length).toBe(0);
    expect(await ops('staff:add', user.email, 'admin')).toMatchObject({ code: 2, err: expect.stringContaining('staff:add needs --reason <text>') });
  });

  it('a deleted account loses its staff role', async () => {
    const user = await signUp(app());
    expect((await ops('staff:add', user.email, 'admin', '--reason', 'x')).code).toBe(0);
    const deleted = await app().inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(user.token), payload: { password: user.password } });
    expect(deleted.statusCode).toBe(200);
    expect((await db().select().from(staff).where(eq(staff.userId, user.user.id))).length).toBe(0);
  });
});
