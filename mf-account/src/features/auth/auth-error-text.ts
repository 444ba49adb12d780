import type { ApiError } from '@rewards/shared/api/api-error';
import { refusalOf, useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';

const noAnswer = (failure: ApiError) => failure.status === 'NETWORK_ERROR' || failure.status === 'TIMEOUT';

/**
 * What a failed account call says, in the page's language (spec §8): the translation of the API's `code`,
 * or of its first field's code, else the API's own message, else what the status means.
 */
function useRefusalText() {
  const errorText = useApiErrorText();
  return (failure: ApiError, fallback: string) => errorText(refusalOf(failure), fallback);
}

/** Sign-in and its second step; `invalidData` is what a 422 without words says. */
export function useSignInErrorText(): (failure: ApiError, invalidData?: string) => string {
  const t = useT();
  const refusalText = useRefusalText();
  return (failure, invalidData = t('auth.signIn.invalidData')) => {
    let fallback = t('auth.signIn.unexpected');
    if (failure.status === 422) fallback = invalidData;
    else if (failure.status === 401) fallback = t('auth.signIn.wrongPassword');
    else if (typeof failure.status === 'number' && failure.status >= 500) fallback = t('auth.signIn.serverError');
    else if (noAnswer(failure)) fallback = t('auth.signIn.networkError');
    return refusalText(failure, fallback);
  };
}

export function useSignUpErrorText(): (failure: ApiError) => string {
  const t = useT();
  const refusalText = useRefusalText();
  return (failure) => refusalText(failure, failure.status === 422 ? t('auth.signUp.invalidData') : t('auth.signUp.failed'));
}
