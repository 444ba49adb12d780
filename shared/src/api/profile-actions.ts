import type { UnknownAction } from '@reduxjs/toolkit';
import type { UserProfile } from '../contracts/api-types';
import type { ApiError } from './api-error';

/**
 * The profile query's outcomes, matched by their action types (what `api.endpoints.getProfile.matchFulfilled`
 * and `matchRejected` test), so the session slice and the storage listeners follow them without loading RTK
 * Query: its actions are `<reducerPath>/executeQuery/<fulfilled|rejected>` with the endpoint in `meta.arg`.
 */
const QUERY_ACTION_PREFIX = 'api/executeQuery/';
const PROFILE_ENDPOINT = 'getProfile';

type QueryMeta = { arg?: { endpointName?: unknown }; condition?: boolean };

export type ProfileFulfilled = UnknownAction & { payload: UserProfile; meta: QueryMeta };
export type ProfileRejected = UnknownAction & { payload?: ApiError; meta: QueryMeta };

function isProfileQueryAction(action: unknown, outcome: 'fulfilled' | 'rejected'): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const { type, meta } = action as { type?: unknown; meta?: QueryMeta };
  return type === `${QUERY_ACTION_PREFIX}${outcome}` && meta?.arg?.endpointName === PROFILE_ENDPOINT;
}

export function isProfileFulfilled(action: unknown): action is ProfileFulfilled {
  return isProfileQueryAction(action, 'fulfilled');
}

export function isProfileRejected(action: unknown): action is ProfileRejected {
  return isProfileQueryAction(action, 'rejected');
}
