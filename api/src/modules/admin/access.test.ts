import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import type { StaffRole } from '@rewards/shared/contracts/api-types';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { signUp } from '../../test/accounts';
import { adminCookieOf, asStaff, newStaffMember, SITE_ORIGIN, type StaffMember } from '../../test/admin-kit';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind } from '../../test/cashout-test-kit';

/**
 * The console's routes as the contract lists them (notes: admin-api-contract.md), with the roles that may
 * use each besides admin. `any`: every staff role (the routes that open the console).
 */
type Rule = readonly StaffRole[] | 'any';
const S: Rule = ['support'];
const F: Rule = ['finance'];
const SF: Rule = ['support', 'finance'];
const A: Rule = [];

const ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; path: string; roles: Rule }> = [
  { method: 'GET', path: '/api/admin/me', roles: 'any' },
  { method: 'POST', path: '/api/admin/verify/send', roles: 'any' },
  { method: 'POST', path: '/api/admin/verify', roles: 'any' },
  { method: 'POST', path: '/api/admin/session', roles: 'any' },
  { method: 'GET', path: '/api/admin/overview', roles: SF },
  { method: 'GET', path: '/api/admin/users', roles: SF },
  { method: 'GET', path: '/api/admin/users/:id', roles: SF },
  { method: 'GET', path: '/api/admin/users/:id/earnings', roles: SF },
  { method: 'POST', path: '/api/admin/users/:id/status', roles: F },
  { method: 'POST', path: '/api/admin/users/:id/credit', roles: F },
  { method: 'POST', path: '/api/admin/users/:id/verify-email', roles: S },
  { method: 'POST', path: '/api/admin/users/:id/holds/release', roles: F },
  { method: 'GET', path: '/api/admin/cashouts', roles: F },
  { method: 'GET', path: '/api/admin/cashouts/:id', roles: F },
  { method: 'POST', path: '/api/admin/cashouts/:id/approve', roles: F },
  { method: 'POST', path: '/api/admin/cashouts/:id/reject', roles: F },
  { method: 'GET', path: '/api/admin/payouts', roles: F },
  { method: 'POST', path: '/api/admin/payouts/:id/retry', roles: F },
  { method: 'GET', path: '/api/admin/tickets', roles: S },
  { method: 'GET', path: '/api/admin/tickets/:id', roles: S },
  { method: 'GET', path: '/api/admin/tickets/:id/screenshot', roles: S },
  { method: 'POST', path: '/api/admin/tickets/:id/reply', roles: S },
  { method: 'POST', path: '/api/admin/tickets/:id/accept', roles: S },
  { method: 'POST', path: '/api/admin/tickets/:id/decline', roles: S },
  { method: 'GET', path: '/api/admin/postbacks', roles: SF },
  { method: 'GET', path: '/api/admin/postbacks/:id', roles: SF },
  { method: 'POST', path: '/api/admin/postbacks/:id/replay', roles: F },
  { method: 'GET', path: '/api/admin/referrals', roles: F },
  { method: 'POST', path: '/api/admin/referrals/:referred_user_id/decide', roles: F },
  { method: 'GET', path: '/api/admin/messages', roles: S },
  { method: 'GET', path: '/api/admin/audit', roles: A },
  { method: 'GET', path: '/api/admin/audit/verify', roles: A },
  { method: 'GET', path: '/api/admin/staff', roles: A },
  { method: 'POST', path: '/api/admin/staff', roles: A },
  { method: 'POST', path: '/api/admin/staff/:user_id/remove', roles: A },
  { method: 'GET', path: '/api/admin/content', roles: A },
  { method: 'GET', path: '/api/admin/content/versions', roles: A },
  { method: 'POST', path: '/api/admin/content/drafts', roles: A },
  { method: 'GET', path: '/api/admin/content/drafts/:id', roles: A },
  { method: 'POST', path: '/api/admin/content/drafts/:id/publish', roles: A },
  { method: 'POST', path: '/api/admin/content/restore', roles: A },
];

const ROLES: readonly StaffRole[] = ['support', 'finance', 'admin'];
const mayUse = (role: StaffRole, rule: Rule) => rule === 'any' || role === 'admin' || rule.includes(role);
/** A path with an id no row has: the gate answers before anything looks for it. */
const concrete = (path: string) => path.replace(/:[a-z_]+/g, '987654');

/** What a response looks like to the one who got it: status, headers (but the date) and body. */
function seen(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe(`who may use each console route, on ${databaseKind}`, () => {
  const registered: Array<{ method: string; url: string }> = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (route.url.startsWith('/api/admin') && method !== 'HEAD') registered.push({ method: String(method), url: route.url });
  };
  const { app, database } = useTestApp({ onRoute });
  const members = new Map<StaffRole, StaffMember>();

  beforeAll(async () => {
    for (const role of ROLES) members.set(role, await newStaffMember(app(), database(), role));
  });

  it('has exactly the routes the contract lists', () => {
    const listed = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(registered.map((route) => `${route.method} ${route.url}`).sort()).toEqual(listed);
  });

  it.each(ROUTES)('$method $path answers a visitor exactly like an unknown API path', async ({ method, path }) => {
    const payload = method === 'POST' ? '{}' : undefined;
    const headers = { origin: SITE_ORIGIN, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const unknown = await app().inject({ method, url: '/api/no-such-thing', headers, payload });
    const response = await app().inject({ method, url: concrete(path), headers, payload });
    expect(unknown.statusCode).toBe(404);
    expect(seen(response)).toEqual(seen(unknown));
  });

  it.each(ROUTES)('$method $path answers a signed-in user who is not staff exactly like an unknown API path', async ({ method, path }) => {
    const user = await signUp(app());
    const request = (url: string) => app().inject({ ...asStaff({ token: user.token }, method, url, method === 'POST' ? {} : undefined) });
    const unknown = await request('/api/admin/no-such-thing');
    expect(seen(await request(concrete(path)))).toEqual(seen(unknown));
    expect(unknown.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
  });

  it.each(ROUTES)('$method $path refuses each staff role that may not use it (403) and lets the others through', async ({ method, path, roles }) => {
    for (const role of ROLES) {
      const member = members.get(role)!;
      const response = await app().inject(asStaff(member, method, concrete(path), method === 'POST' ? {} : undefined));
      member.adminCookie = adminCookieOf(response) ?? member.adminCookie;
      if (mayUse(role, roles)) {
        expect({ role, status: response.statusCode, code: response.json().code }).not.toEqual(expect.objectContaining({ status: 403 }));
        expect({ role, body: response.json() }).not.toEqual({ role, body: { status: 'error', code: 'not_found', message: 'Not found' } });
      } else {
        expect({ role, status: response.statusCode, body: response.json() }).toEqual({
          role,
          status: 403,
          body: { status: 'error', code: 'staff_role_forbidden', message: 'Your staff role does not allow this.', roles: ['admin', ...(roles as StaffRole[])] },
        });
      }
    }
  });

  it('answers an unknown /api/admin path to staff like any unknown path', async () => {
    const admin = members.get('admin')!;
    const response = await app().inject(asStaff(admin, 'GET', '/api/admin/nothing-here'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
  });

  it('lets the Bearer session of a staff member through only with the console cookie too', async () => {
    const admin = members.get('admin')!;
    const bearerOnly = await app().inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: `Bearer ${admin.token}` } });
    expect(bearerOnly.statusCode).toBe(403);
    expect(bearerOnly.json().code).toBe('staff_console_session_required');
    const withCookie = await app().inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: `Bearer ${admin.token}` }, cookies: { admin_session: admin.adminCookie! } });
    expect(withCookie.statusCode).toBe(200);
    expect(AUTH_COOKIE).toBe('auth_token');
  });
});
