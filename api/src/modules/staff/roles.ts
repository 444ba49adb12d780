import { STAFF_ROLES, type StaffRole } from '../../db/schema';

export { STAFF_ROLES, type StaffRole };

/**
 * What each role is for: support answers people (users read, tickets, contact messages, the postback log),
 * finance moves money (cashouts and payouts, credits, account holds, earning holds, referrals), admin may
 * do everything, staff and content included. A route names the roles that may use it; admin always may.
 */
export function roleMayUse(role: StaffRole, allowed: readonly StaffRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
