import { useRef } from 'react';
import type { CashoutRequest, CashoutResult } from '@rewards/shared/contracts/cashout-types';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { isApiError } from '@rewards/shared/api/api-error';
import { isOutcomeUnknown } from './cashout-errors';
import { newIdempotencyKey } from './idempotency-key';
import { useStoreCashoutMutation } from './store-cashout-api';

export type CashoutOutcome =
  | { ok: true; result: CashoutResult }
  /**
   * `error` is worded where it is shown (`cashoutErrorMessage`), in the page's language; `code` names a refusal
   * the modal treats apart (`step_up_required` with its `method`, `email_unverified`).
   */
  | { ok: false; error: unknown; code?: string; method?: TwoFactorMethod };

type Attempt = { request: string; key: string };

/**
 * Sends Cashout/Store with an idempotency key naming the attempt. Pressing "Cashout Now" again with the same
 * values after an answer that never came is a retry of that attempt and reuses its key, so the server pays
 * once; a definite answer, or different values, starts a new attempt with a fresh key.
 */
export function useCashoutSubmission() {
  const [storeCashout, { isLoading }] = useStoreCashoutMutation();
  const attempt = useRef<Attempt | null>(null);

  async function submit(request: CashoutRequest): Promise<CashoutOutcome> {
    const signature = JSON.stringify(request);
    if (attempt.current?.request !== signature) attempt.current = { request: signature, key: newIdempotencyKey() };
    const answer = await storeCashout({ request, idempotencyKey: attempt.current.key });
    if ('data' in answer && answer.data) {
      attempt.current = null;
      return { ok: true, result: answer.data };
    }
    if (!isOutcomeUnknown(answer.error)) attempt.current = null;
    const failure = isApiError(answer.error) ? answer.error : null;
    return { ok: false, error: answer.error, code: failure?.code, method: failure?.method };
  }

  return { submit, sending: isLoading };
}
