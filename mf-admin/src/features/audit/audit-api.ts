import type { AdminPage, AuditChainState, AuditRow } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminListQuery, adminQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

export type AuditFilters = { operator?: string; user?: string; user_id?: string; command?: string; kind?: '' | 'change' | 'read' };

const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditRows: build.infiniteQuery<AdminPage<AuditRow>, AuditFilters, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<AuditRow, AuditFilters>((filters, cursor) => ({ url: '/admin/audit', params: listParams(filters, cursor) })),
      providesTags: ['AdminAudit'],
    }),
    /** Walks the hash chain as `ops audit:verify` does. */
    verifyAuditChain: build.query<AuditChainState, void>({
      queryFn: adminQuery<AuditChainState, void>(() => '/admin/audit/verify'),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useGetAuditRowsInfiniteQuery, useVerifyAuditChainQuery } = auditApi;
