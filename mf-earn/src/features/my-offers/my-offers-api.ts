import { api } from '@rewards/shared/api/api';
import { envelopeList } from '@rewards/shared/api/envelope';
import type { MyOffer } from '@rewards/shared/contracts/offer-types';

export const myOffersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec §7 `GET /Offers/my-offers`: the offers the user started. */
    getMyOffers: build.query<MyOffer[], void>({
      query: () => ({ url: '/Offers/my-offers', method: 'GET' }),
      transformResponse: (body: unknown) => envelopeList<MyOffer>(body),
      providesTags: ['MyOffers'],
    }),
  }),
});

export const { useGetMyOffersQuery } = myOffersApi;
