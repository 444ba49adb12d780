import type { ReasonPayload, StaffAddPayload, StaffMember } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminQuery } from '../../console/admin-api';

const staffApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffMember[], void>({
      queryFn: adminQuery<StaffMember[], void>(() => '/admin/staff'),
      providesTags: ['AdminStaff'],
    }),
    /** Adds a staff member, or changes the role of one. */
    addStaff: build.mutation<unknown, StaffAddPayload>({
      queryFn: adminChange((body: StaffAddPayload) => ({ url: '/admin/staff', body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminStaff', 'AdminUsers']),
    }),
    removeStaff: build.mutation<unknown, { userId: number } & ReasonPayload>({
      queryFn: adminChange(({ userId, ...body }: { userId: number } & ReasonPayload) => ({ url: `/admin/staff/${userId}/remove`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminStaff', 'AdminUsers']),
    }),
  }),
});

export const { useGetStaffQuery, useAddStaffMutation, useRemoveStaffMutation } = staffApi;
