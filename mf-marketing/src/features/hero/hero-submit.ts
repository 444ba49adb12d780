import { accountRestrictionAlert } from '@rewards/shared/api/account-restriction';
import type { ApiError } from '@rewards/shared/api/api-error';
import type { AppDispatch } from '@rewards/shared/store/store';
import { heroApi } from './hero-api';
import { heroSignUp, type HeroCalls } from './hero-sign-up';

type HeroApi = typeof heroApi;

function heroCalls(dispatch: AppDispatch): HeroCalls {
  // A dispatched mutation as the mutation hooks run it: its result unwrapped, then dropped from the cache.
  async function run<Result>(start: (api: HeroApi) => { unwrap(): Promise<Result>; reset(): void }): Promise<Result> {
    const request = start(heroApi);
    try {
      return await request.unwrap();
    } finally {
      request.reset();
    }
  }
  return {
    register: (payload) => run((api) => dispatch(api.endpoints.heroRegister.initiate(payload))),
    login: (payload) => run((api) => dispatch(api.endpoints.heroLogin.initiate(payload))),
  };
}

/**
 * The hero's submit (spec §2, §4, §8), loaded with RTK Query when the visitor turns to the form: sign up or sign
 * in, and the failure to show; none for a blocked or pending account, which the site's alert modal tells
 * (spec §8), not twice.
 */
export async function submitHeroSignUp(
  dispatch: AppDispatch,
  input: { email: string; password: string; referralCode: string | null },
): Promise<{ ok: true } | { ok: false; error: ApiError | null }> {
  const outcome = await heroSignUp(heroCalls(dispatch), input);
  if (outcome.ok) return { ok: true };
  return { ok: false, error: accountRestrictionAlert(outcome.error) ? null : outcome.error };
}
