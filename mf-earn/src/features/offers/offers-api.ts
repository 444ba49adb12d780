import { api } from '@rewards/shared/api/api';
import { envelopeList } from '@rewards/shared/api/envelope';
import type { DeviceFilter, Offer, StartOfferRequest } from '@rewards/shared/contracts/offer-types';
import { currentDeviceInfo } from '@rewards/shared/rules/device';
import { offersRequest } from './offers-request';

/** Spec §4: the Earn page first lists the offers for all devices. */
export const FIRST_DEVICE_FILTER: DeviceFilter = 'All';

export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec §7 `POST /Offers/Get`, for one device filter chip. */
    getOffers: build.query<Offer[], DeviceFilter>({
      query: (filter) => ({ url: '/Offers/Get', method: 'POST', body: offersRequest(filter, currentDeviceInfo()) }),
      transformResponse: (body: unknown) => envelopeList<Offer>(body),
      providesTags: ['Offers'],
    }),
    /** Spec §7 `POST /Offers/start`, fired on Play and Earn; its answer is not used. */
    startOffer: build.mutation<unknown, StartOfferRequest>({
      query: (body) => ({ url: '/Offers/start', method: 'POST', body }),
      invalidatesTags: ['MyOffers'],
    }),
  }),
});

export const { useGetOffersQuery, useStartOfferMutation } = offersApi;
