import { sessionHeaders } from './session-api';
import { totpCode, totpStepAt } from './totp';
import type { SignedInUser } from './users';

/** A POST to the API as the user, answering the envelope's `data`; throws unless it succeeded. */
export async function postAsUser<T>(baseUrl: string, user: Pick<SignedInUser, 'token'>, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Turns the authenticator app on through the API, as Settings does: the secret, the step its code used, the recovery codes. */
export async function totpOnThroughApi(baseUrl: string, user: Pick<SignedInUser, 'token'>): Promise<{ secret: string; usedStep: number; recoveryCodes: string[] }> {
  const { secret } = await postAsUser<{ secret: string }>(baseUrl, user, '/api/user/2fa/totp/setup');
  const usedStep = totpStepAt();
  const { recovery_codes } = await postAsUser<{ recovery_codes: string[] }>(baseUrl, user, '/api/user/2fa/totp/enable', { code: totpCode(secret, usedStep) });
  return { secret, usedStep, recoveryCodes: recovery_codes };
}
