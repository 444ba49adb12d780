import { STAFF_ROLES, type StaffRole } from '../db/schema';
import { listStaff, removeStaff, setStaffRole } from '../modules/staff/repository';
import { isStaffRole } from '../modules/staff/roles';
import { defineCommand, OpsError, UsageError } from './command';
import { noArguments, onlyArgument } from './options';
import { parseEmail, userConcerned } from './users';

/** An account that cannot hold a staff role: deleted (anonymised) or not active. */
function refuseUnfit(user: { email: string; status: string; deletedAt: Date | null }): void {
  if (user.deletedAt) throw new OpsError(`${user.email} is a deleted account`);
  if (user.status !== 'active') throw new OpsError(`${user.email} is ${user.status}: reinstate the account first (users:status)`);
}

export const staffAdd = defineCommand({
  name: 'staff:add',
  usage: `staff:add <email> <${STAFF_ROLES.join('|')}> --reason <text>`,
  summary: 'makes a user a staff member of the console (/admin) with a role, or changes their role; they need two-factor on to use it',
  reason: 'required',
  parse: (args) => {
    if (args.length !== 2) throw new UsageError('staff:add takes an email address, a role and --reason <text>');
    const role = args[1]!.trim().toLowerCase();
    if (!isStaffRole(role)) throw new UsageError(`"${args[1]}" is not a role; use one of ${STAFF_ROLES.join(', ')}`);
    return { email: parseEmail(args[0]), role };
  },
  async run(context, { email, role }) {
    const user = await userConcerned(context, email);
    refuseUnfit(user);
    const from = await setStaffRole(context.db, { userId: user.id, role, addedBy: context.invocation.operator, reason: context.reason! });
    const changed = from !== role;
    context.out.line(from === null ? `${email} is now staff: ${role}` : changed ? `${email}: ${from} -> ${role}` : `${email} is already ${role}`);
    if (user.twoFactorMethod === 'off') context.out.line('Two-factor sign-in is off on this account: the console asks them to turn it on in Settings first.');
    return { user_id: user.id, email, role, from, changed };
  },
});

export const staffRemove = defineCommand({
  name: 'staff:remove',
  usage: 'staff:remove <email> --reason <text>',
  summary: 'takes a staff member out of the console; their next console call answers 404',
  reason: 'required',
  parse: (args) => ({ email: parseEmail(onlyArgument(args, 'staff:remove takes one email address and --reason <text>')) }),
  async run(context, { email }) {
    const user = await userConcerned(context, email);
    const role: StaffRole | null = await removeStaff(context.db, user.id);
    if (role === null) throw new OpsError(`${email} is not staff`);
    context.out.line(`${email} is no longer staff (was ${role})`);
    return { user_id: user.id, email, role, removed: true };
  },
});

export const staffList = defineCommand({
  name: 'staff:list',
  usage: 'staff:list',
  summary: 'lists the staff members: role, two-factor, who added them, when and why',
  reason: 'none',
  parse: noArguments('staff:list'),
  async run({ db, out }) {
    const members = await listStaff(db);
    const result = members.map((member) => ({
      user_id: member.userId,
      email: member.email,
      name: member.name,
      role: member.role,
      two_factor: member.twoFactorMethod,
      added_by: member.addedBy,
      reason: member.reason,
      added_at: member.createdAt.toISOString(),
      changed_at: member.updatedAt.toISOString(),
    }));
    if (result.length === 0) {
      out.line('No staff members yet: pnpm ops staff:add <email> <role> --reason <text>');
      return result;
    }
    out.table(
      ['email', 'role', 'two-factor', 'added by', 'when', 'reason'],
      result.map((row) => [row.email, row.role, row.two_factor, row.added_by, row.changed_at, row.reason]),
    );
    return result;
  },
});
