import { SIGNUP_PASSWORD_MIN } from '@rewards/shared/constants';
import { t } from '../../messages';

export type ChecklistItem = { label: string; met: boolean };

const RULES = [
  { label: () => t('auth.checklist.length', { count: SIGNUP_PASSWORD_MIN }), test: (password: string) => Array.from(password).length >= SIGNUP_PASSWORD_MIN },
  { label: () => t('auth.checklist.number'), test: (password: string) => /\d/.test(password) },
  { label: () => t('auth.checklist.capital'), test: (password: string) => /\p{Lu}/u.test(password) },
  { label: () => t('auth.checklist.small'), test: (password: string) => /\p{Ll}/u.test(password) },
];

/**
 * The live sign-up hints of spec §5, in the page's language: each rule and whether the password meets it.
 * Hints only, never enforced.
 */
export function passwordChecklist(password: string): ChecklistItem[] {
  return RULES.map(({ label, test }) => ({ label: label(), met: test(password) }));
}

/** Sign-up submission checks only that both passwords match (spec §5). */
export function signUpPasswordProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : t('auth.signUp.passwordsDiffer');
}
