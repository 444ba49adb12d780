import { SIGNUP_PASSWORD_MIN } from '@rewards/shared/constants';

export type ChecklistItem = { label: string; met: boolean };

const RULES: Array<{ label: string; test: (password: string) => boolean }> = [
  { label: `At least ${SIGNUP_PASSWORD_MIN} characters`, test: (password) => Array.from(password).length >= SIGNUP_PASSWORD_MIN },
  { label: '1 number', test: (password) => /\d/.test(password) },
  { label: '1 capital letter', test: (password) => /\p{Lu}/u.test(password) },
  { label: '1 small letter', test: (password) => /\p{Ll}/u.test(password) },
];

/** The live sign-up hints of spec §5: each rule and whether the password meets it. Hints only, never enforced. */
export function passwordChecklist(password: string): ChecklistItem[] {
  return RULES.map(({ label, test }) => ({ label, met: test(password) }));
}

/** Sign-up submission checks only that both passwords match (spec §5). */
export function signUpPasswordProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'Passwords do not match!';
}
