import { asc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { type StaffRole, staff, users } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;

/** The role of a staff member, or null for everyone else (the user answer's `staff_role`). */
export async function findStaffRole(db: Executor, userId: number): Promise<StaffRole | null> {
  const rows = await db.select({ role: staff.role }).from(staff).where(eq(staff.userId, userId));
  return rows[0]?.role ?? null;
}

/** The role of the user with this id, as a column of a query on users (Profile reads it in its one round trip). */
export function staffRoleSql(userId: SQLWrapper) {
  return sql<StaffRole | null>`(select ${staff.role} from ${staff} where ${staff.userId} = ${userId})`;
}

/** Adds a staff member, or changes their role; answers the role they had before (null: not staff). */
export async function setStaffRole(db: Executor, entry: { userId: number; role: StaffRole; addedBy: string; reason: string }): Promise<StaffRole | null> {
  const before = await db.select({ role: staff.role }).from(staff).where(eq(staff.userId, entry.userId)).for('update');
  await db
    .insert(staff)
    .values(entry)
    .onConflictDoUpdate({ target: staff.userId, set: { role: entry.role, addedBy: entry.addedBy, reason: entry.reason, updatedAt: sql`now()` } });
  return before[0]?.role ?? null;
}

/** Removes a staff member; answers the role they had (null: they were not staff). */
export async function removeStaff(db: Executor, userId: number): Promise<StaffRole | null> {
  const rows = await db.delete(staff).where(eq(staff.userId, userId)).returning({ role: staff.role });
  return rows[0]?.role ?? null;
}

export type StaffMember = StaffRow & { email: string; name: string; twoFactorMethod: string };

/** Every staff member, by role then email. */
export async function listStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .select({ member: staff, email: users.email, name: users.name, twoFactorMethod: users.twoFactorMethod })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .orderBy(asc(staff.role), asc(users.email));
  return rows.map(({ member, ...user }) => ({ ...member, ...user }));
}
