import type { StaffRole } from '@rewards/shared/contracts/admin-types';

export type SectionKey = 'overview' | 'users' | 'cashouts' | 'tickets' | 'postbacks' | 'referrals' | 'messages' | 'audit' | 'staff' | 'content';

export type Section = {
  key: SectionKey;
  /** Below `/admin`; '' is the console's first page. */
  path: string;
  label: string;
  /** The roles whose staff see it (admin sees everything). */
  roles: readonly StaffRole[];
};

const EVERYONE: readonly StaffRole[] = ['support', 'finance', 'admin'];
const SUPPORT: readonly StaffRole[] = ['support', 'admin'];
const FINANCE: readonly StaffRole[] = ['finance', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** The console's pages in navigation order, each with the roles the API lets use it (issue 33). */
export const SECTIONS: readonly Section[] = [
  { key: 'overview', path: '', label: 'Overview', roles: EVERYONE },
  { key: 'users', path: 'users', label: 'Users', roles: EVERYONE },
  { key: 'cashouts', path: 'cashouts', label: 'Cashouts', roles: FINANCE },
  { key: 'tickets', path: 'tickets', label: 'Tickets', roles: SUPPORT },
  { key: 'postbacks', path: 'postbacks', label: 'Postbacks', roles: EVERYONE },
  { key: 'referrals', path: 'referrals', label: 'Referrals', roles: FINANCE },
  { key: 'messages', path: 'messages', label: 'Messages', roles: SUPPORT },
  { key: 'audit', path: 'audit', label: 'Audit', roles: ADMIN },
  { key: 'staff', path: 'staff', label: 'Staff', roles: ADMIN },
  { key: 'content', path: 'content', label: 'Content', roles: ADMIN },
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
