import type { AdminPage, ContentDraft, ContentDraftPayload, ContentFileRow, ContentRestorePayload, ContentVersionRow, ReasonPayload } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminQuery } from '../../console/admin-api';

/** The newest versions of a file shown in the console; `ops content:versions` lists older ones. */
export const VERSIONS_SHOWN = 20;

const contentApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getContentFiles: build.query<{ items: ContentFileRow[] }, void>({
      queryFn: adminQuery<{ items: ContentFileRow[] }, void>(() => '/admin/content'),
      providesTags: ['AdminContent'],
    }),
    getContentVersions: build.query<AdminPage<ContentVersionRow>, string>({
      queryFn: adminQuery<AdminPage<ContentVersionRow>, string>((file) => ({ url: '/admin/content/versions', params: { file, limit: VERSIONS_SHOWN } })),
      providesTags: ['AdminContent'],
    }),
    saveContentDraft: build.mutation<ContentDraft, ContentDraftPayload>({
      queryFn: adminChange<ContentDraft, ContentDraftPayload>((body) => ({ url: '/admin/content/drafts', body })),
    }),
    publishContentDraft: build.mutation<ContentVersionRow, { id: number } & ReasonPayload>({
      queryFn: adminChange<ContentVersionRow, { id: number } & ReasonPayload>(({ id, ...body }) => ({ url: `/admin/content/drafts/${id}/publish`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminContent']),
    }),
    restoreContentVersion: build.mutation<ContentVersionRow, ContentRestorePayload>({
      queryFn: adminChange<ContentVersionRow, ContentRestorePayload>((body) => ({ url: '/admin/content/restore', body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminContent']),
    }),
  }),
});

export const { useGetContentFilesQuery, useGetContentVersionsQuery, useSaveContentDraftMutation, usePublishContentDraftMutation, useRestoreContentVersionMutation } = contentApi;
