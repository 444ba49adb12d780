import type { StaffRole } from '@rewards/shared/contracts/admin-types';

export type SectionKey = 'overview' | 'users' | 'cashouts' | 'tickets' | 'postbacks' | 'referrals' | 'messages' | 'audit' | 'staff' | 'content';

export type Section = {
  key: SectionKey;
  /** Below `/admin`; '' is the console's first page. */
  path: string;
  /** Its name in the navigation (a message key). */
  label: 'admin.section.overview' | 'admin.section.users' | 'admin.section.cashouts' | 'admin.section.tickets' | 'admin.section.postbacks' | 'admin.section.referrals' | 'admin.section.messages' | 'admin.section.audit' | 'admin.section.staff' | 'admin.section.content';
  /** The roles whose staff see it (admin sees everything). */
  roles: readonly StaffRole[];
};

const EVERYONE: readonly StaffRole[] = ['support', 'finance', 'admin'];
const SUPPORT: readonly StaffRole[] = ['support', 'admin'];
const FINANCE: readonly StaffRole[] = ['finance', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** The console's pages in navigation order, each with the roles the API lets use it (issue 33). */
export const SECTIONS: readonly Section[] = [
  { key: 'overview', path: '', label: 'admin.section.overview', roles: EVERYONE },
  { key: 'users', path: 'users', label: 'admin.section.users', roles: EVERYONE },
  { key: 'cashouts', path: 'cashouts', label: 'admin.section.cashouts', roles: FINANCE },
  { key: 'tickets', path: 'tickets', label: 'admin.section.tickets', roles: SUPPORT },
  { key: 'postbacks', path: 'postbacks', label: 'admin.section.postbacks', roles: EVERYONE },
  { key: 'referrals', path: 'referrals', label: 'admin.section.referrals', roles: FINANCE },
  { key: 'messages', path: 'messages', label: 'admin.section.messages', roles: SUPPORT },
  { key: 'audit', path: 'audit', label: 'admin.section.audit', roles: ADMIN },
  { key: 'staff', path: 'staff', label: 'admin.section.staff', roles: ADMIN },
  { key: 'content', path: 'content', label: 'admin.section.content', roles: ADMIN },
];

/** The sections a role may use, in navigation order. */
export function sectionsFor(role: StaffRole): Section[] {
  return SECTIONS.filter((section) => section.roles.includes(role));
}

/** What a role may do beyond reading, per the API's route roles. */
export const ACTION_ROLES = {
  /** Block, hold, reinstate; credit; release held credits. */
  changeUserStatus: FINANCE,
  creditUser: FINANCE,
  releaseHolds: FINANCE,
  verifyEmail: SUPPORT,
  replayPostback: FINANCE,
} as const satisfies Record<string, readonly StaffRole[]>;

export function may(role: StaffRole, action: keyof typeof ACTION_ROLES): boolean {
  return ACTION_ROLES[action].includes(role);
}

export function adminPath(path: string): string {
  return path ? `/admin/${path}` : '/admin';
}
