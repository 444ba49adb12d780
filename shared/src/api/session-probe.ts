import { REQUEST_TIMEOUT_MS } from '../constants';
import type { SuccessEnvelope, UserProfile } from '../contracts/api-types';
import { SESSION_ANSWER_ELEMENT_ID } from '../contracts/session-answer';
import { bearerFromPageCookie } from '../rules/auth-cookie';
import { accountRestrictionAlert } from './account-restriction';
import { getApiBase } from './api-base';
import { envelopeFailure, httpError, type ApiError } from './api-error';

export type SessionProbeResult = { data: UserProfile | null } | { error: ApiError };

type Dispatch = (action: NonNullable<ReturnType<typeof accountRestrictionAlert>>) => unknown;

/**
 * `POST /user/Session` as the base query sends it (spec §7: credentials, the bearer header when the cookie is
 * readable, JSON, the timeout, the envelope, a blocked or pending account's alert), with `fetch` alone: every
 * page starts with this call, and a visitor's page needs nothing else of RTK Query.
 */
export async function probeSession(dispatch: Dispatch): Promise<SessionProbeResult> {
  const inlined = takeInlinedSessionUser();
  if (inlined) return { data: inlined };
  const headers = new Headers({ Accept: 'application/json' });
  const authorization = bearerFromPageCookie();
  if (authorization) headers.set('Authorization', authorization);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      const request = new Request(`${getApiBase()}/user/Session`, { method: 'POST', credentials: 'include', headers, signal: controller.signal });
      response = await fetch(request);
    } catch {
      return { error: { status: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR' } };
    }
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return { error: timedOut ? { status: 'TIMEOUT' } : { status: response.status } };
    }
    if (!response.ok) {
      const error = httpError(response.status, body);
      const alert = accountRestrictionAlert(error);
      if (alert) dispatch(alert);
      return { error };
    }
    const failure = envelopeFailure(response.status, body);
    if (failure) return { error: failure };
    // Only an object is a user: anything else in `data` (null for a visitor, or a malformed answer) is no one.
    const data = (body as Partial<SuccessEnvelope<unknown>> | null)?.data;
    return { data: typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as UserProfile) : null };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The signed-in user the server wrote into this page (`contracts/session-answer.ts`), once: the element goes
 * with the first read, so a later check asks the API. Null when the page carries none or anything but a user.
 */
export function takeInlinedSessionUser(): UserProfile | null {
  const element = inlinedSessionAnswer();
  element?.remove();
  return element ? userFrom(element) : null;
}

/**
 * The same user, left in the page for the session check: for what the first render can show of a signed-in page
 * before that check has filled the store (it starts after that render).
 */
export function peekInlinedSessionUser(): UserProfile | null {
  const element = inlinedSessionAnswer();
  return element ? userFrom(element) : null;
}

function inlinedSessionAnswer(): HTMLScriptElement | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SESSION_ANSWER_ELEMENT_ID);
  return element instanceof HTMLScriptElement && element.type === 'application/json' ? element : null;
}

function userFrom(element: HTMLScriptElement): UserProfile | null {
  try {
    const data = JSON.parse(element.textContent ?? '') as unknown;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as UserProfile) : null;
  } catch {
    return null;
  }
}
