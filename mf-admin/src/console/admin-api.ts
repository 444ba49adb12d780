import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '@rewards/shared/api/api';
import type { ApiError } from '@rewards/shared/api/api-error';
import { envelopeData } from '@rewards/shared/api/envelope';
import { STAFF_CONSOLE_SESSION_REQUIRED, STAFF_TWO_FACTOR_REQUIRED, type AdminPage } from '@rewards/shared/contracts/admin-types';

/** The site's one API with the console's cache tags; every feature of the console injects its calls here. */
export const adminApi = api.enhanceEndpoints({
  addTagTypes: ['StaffMe', 'AdminOverview', 'AdminUsers', 'AdminCashouts', 'AdminPayouts', 'AdminTickets', 'AdminPostbacks', 'AdminReferrals', 'AdminAudit', 'AdminStaff', 'AdminContent'],
});

/** The base query as RTK Query hands it to a `queryFn`: the site's, with one argument. */
type SiteBaseQuery = (args: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, ApiError>>;

export function refusalCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && typeof (error as ApiError).code === 'string' ? (error as ApiError).code : undefined;
}

/**
 * One call of the console: the `admin_session` cookie (12 hours, bound to the sign-in) is asked for again once
 * when it is missing, and the call repeated; a second factor grown stale sends the console back to its code
 * step (the staff member's answer of `/admin/me` is fetched again and says so).
 */
export async function adminCall<T>(
  args: string | FetchArgs,
  baseQuery: SiteBaseQuery,
  dispatch: (action: unknown) => unknown,
): Promise<{ data: T } | { error: ApiError }> {
  let result = await baseQuery(args);
  if (refusalCode(result.error) === STAFF_CONSOLE_SESSION_REQUIRED) {
    const session = await baseQuery({ url: '/admin/session', method: 'POST', body: {} });
    if (!session.error) result = await baseQuery(args);
  }
  if (result.error) {
    if (refusalCode(result.error) === STAFF_TWO_FACTOR_REQUIRED) dispatch(adminApi.util.invalidateTags(['StaffMe']));
    return { error: result.error };
  }
  return { data: envelopeData<T & object>(result.data) as T };
}

/** The `queryFn` of a console call: `adminQuery((id) => `/admin/users/${id}`)`. */
export function adminQuery<T, A>(request: (arg: A) => string | FetchArgs) {
  return (arg: A, queryApi: { dispatch: (action: unknown) => unknown }, _extra: unknown, baseQuery: SiteBaseQuery) =>
    adminCall<T>(request(arg), baseQuery, queryApi.dispatch);
}

/** Cursor paging of every console list: '' asks for the first page, `next_cursor` for the next; null: no more. */
export const CURSOR_PAGES = {
  initialPageParam: '',
  getNextPageParam: (last: AdminPage<unknown>) => last.next_cursor ?? undefined,
};

/** Query parameters without the empty ones, with the page's cursor. */
export function listParams(filters: Record<string, string | number | undefined>, cursor: string): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') params[name] = value;
  if (cursor) params.cursor = cursor;
  return params;
}

/** The `queryFn` of a console list (an infinite query over cursors). */
export function adminListQuery<T, A>(request: (arg: A, cursor: string) => string | FetchArgs) {
  return ({ queryArg, pageParam }: { queryArg: A; pageParam: string }, queryApi: { dispatch: (action: unknown) => unknown }, _extra: unknown, baseQuery: SiteBaseQuery) =>
    adminCall<AdminPage<T>>(request(queryArg, pageParam), baseQuery, queryApi.dispatch);
}

/** The rows of every page loaded so far. */
export function loadedRows<T>(data: { pages: AdminPage<T>[] } | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The `queryFn` of a console change: `POST` of `body` to the path. */
export function adminChange<T, A>(request: (arg: A) => { url: string; body: unknown }) {
  return adminQuery<T, A>((arg) => ({ ...request(arg), method: 'POST' }));
}
