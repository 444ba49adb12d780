import type { AdminOverview } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminQuery } from '../../console/admin-api';

/** Refreshed each minute while the page is open: the figures a shift starts from. */
export const OVERVIEW_REFRESH_MS = 60_000;

const overviewApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverview, void>({
      queryFn: adminQuery<AdminOverview, void>(() => '/admin/overview'),
      providesTags: ['AdminOverview'],
    }),
  }),
});

export const { useGetAdminOverviewQuery } = overviewApi;
