/** What the console's API answers people; the console shows `message` as it is (and translates by `code`). */
export const ADMIN_MESSAGES = {
  crossSite: 'This request came from another site and was refused.',
  turnOnTwoFactor: 'Turn on two-factor authentication in Settings to use the staff console.',
  enterCode: 'Enter a two-factor code to open the staff console.',
  openConsole: 'Open the staff console again (POST /api/admin/session).',
  roleForbidden: 'Your staff role does not allow this.',
  notEmailMethod: 'Your two-factor codes come from your authenticator app.',
  notFound: (what: string) => `No such ${what}.`,
  ownStaffRow: 'You cannot change or remove your own staff role here: ask another admin, or use pnpm ops.',
} as const;
