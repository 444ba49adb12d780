import { createContext, useContext } from 'react';
import type { StaffMe } from '@rewards/shared/contracts/admin-types';

export const StaffContext = createContext<StaffMe | null>(null);

/** The staff member using the console (inside the console only). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff is for pages inside the staff console');
  return staff;
}
