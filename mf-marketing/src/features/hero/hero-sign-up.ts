import { type ApiError, isApiError } from '@rewards/shared/api/api-error';
import type { LoginPayload, RegisterPayload } from '@rewards/shared/contracts/api-types';

/** The API's answer when the email already has an account (account module, `emailTaken`). */
export const EMAIL_TAKEN = 'The email has already been taken.';

export type HeroCalls = {
  register(payload: RegisterPayload): Promise<unknown>;
  login(payload: LoginPayload): Promise<unknown>;
};

export type HeroOutcome =
  | { ok: true; account: 'created' | 'existing' }
  | { ok: false; error: ApiError };

/** The name a new account gets: the part of the email before the `@` (ARCHITECTURE.md decisions). */
export function nameFromEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return (at > 0 ? email.slice(0, at) : email).trim();
}

function failure(error: unknown): ApiError {
  return isApiError(error) ? error : { status: 'NETWORK_ERROR' };
}

function emailTaken(error: ApiError): boolean {
  return error.status === 422 && (error.errors?.email ?? []).includes(EMAIL_TAKEN);
}

/**
 * The hero is a sign-up (ARCHITECTURE.md): a new email creates the account and signs in; an email that
 * already has one signs in with that password instead. The form words a failure.
 */
export async function heroSignUp(calls: HeroCalls, input: { email: string; password: string; referralCode: string | null }): Promise<HeroOutcome> {
  const email = input.email.trim();
  const { password } = input;
  try {
    await calls.register({
      name: nameFromEmail(email),
      email,
      password,
      password_confirmation: password,
      ...(input.referralCode ? { referral_code: input.referralCode } : {}),
    });
    return { ok: true, account: 'created' };
  } catch (registerError) {
    const error = failure(registerError);
    if (!emailTaken(error)) return { ok: false, error };
  }
  try {
    await calls.login({ email, password });
    return { ok: true, account: 'existing' };
  } catch (loginError) {
    return { ok: false, error: failure(loginError) };
  }
}
