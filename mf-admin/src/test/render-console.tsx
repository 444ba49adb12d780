import { renderRoute } from '@rewards/shared/test/route-table.tsx';
import { fakeApi, type FakeAnswers } from '@rewards/shared/test/fake-api';
import routes from '../routes';
import { meAs } from './admin-fixtures';
import type { StaffRole } from '@rewards/shared/contracts/admin-types';

/**
 * The console as the shell mounts it at `path`, for a staff member of `role` already through the code step,
 * with the API faked at the fetch edge (`answers` by `METHOD /path`; `/admin/me` answered unless given).
 */
export function renderConsole(path: string, answers: FakeAnswers = {}, role: StaffRole = 'admin') {
  const api = fakeApi({ 'GET /admin/me': meAs(role), ...answers });
  return { api, ...renderRoute(routes, path) };
}
