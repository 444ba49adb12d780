import { api } from '@rewards/shared/api/api';
import type { ApiError } from '@rewards/shared/api/api-error';
import { envelopeList } from '@rewards/shared/api/envelope';
import type { MyOffer } from '@rewards/shared/contracts/offer-types';

/** Spec §7: my offers come as an array, bare or in the envelope's `data` (or `data.data`). */
export const readMyOffers = (body: unknown): MyOffer[] => envelopeList<MyOffer>(body);

/** Spec §8: these failures are only logged; the page shows an empty list. */
function logFailure(what: string) {
  return (error: ApiError) => {
    console.warn(`Profile: could not load ${what}`, error);
    return error;
  };
}

/** The profile page's reads of other teams' data (the calls of spec §7). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffersInProgress: build.query<MyOffer[], void>({
      query: () => '/Offers/my-offers',
      transformResponse: readMyOffers,
      transformErrorResponse: logFailure('my offers'),
      providesTags: ['MyOffers'],
    }),
  }),
});

export const { useGetOffersInProgressQuery } = profileApi;
