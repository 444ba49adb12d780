/** Offers and the user's offers as the API sends them (spec §3), one source for api/ and mf-earn. */

export type Platform = 'PC' | 'Android' | 'iOS';
/** The device filter chips of the Earn page (spec §2). */
export type DeviceFilter = 'All' | Platform;

export type OfferEvent = {
  id: number;
  name: string;
  /** The user's reward for this event, in dollars. */
  payout: number;
};

export type Offer = {
  id: number;
  /** The partner's identifier of the offer, as a string (sent back by Offers/start). */
  offer_id: string;
  name: string;
  title: string;
  image_url: string;
  /** Partner HTML: sanitise before rendering. */
  description: string;
  description2: string | null;
  description3: string | null;
  categories: string[];
  /** 0–5, may have a fraction. */
  rate: number;
  /** The whole offer's reward in dollars. */
  payout: number;
  /** Where Play and Earn sends the user; carries the user's id for attribution. */
  click_url: string;
  events: OfferEvent[];
};

export type OffersRequest = {
  country_code: string;
  ip: string;
  device?: Platform;
  device_os: string;
  device_type: string;
  user_agent: string;
  device_name: string;
};

export type MyOfferEvent = {
  id: number;
  name: string;
  payout: number;
  completed: boolean;
  /** 1 when completed (spec §3 "completed or status 1/true"). */
  status: 0 | 1;
};

export type MyOfferStatus = 'active' | 'completed' | 'expired';

export type MyOffer = {
  id: number;
  offer_id: string;
  name: string;
  image_url: string;
  description: string;
  /** The offer's total reward in cents, shown as dollars. */
  payout_cents: number;
  platform: DeviceFilter;
  status: MyOfferStatus;
  /** Ids of the completed events. */
  completed_steps: number[];
  total_steps: number;
  events: MyOfferEvent[];
  click_url: string;
};

export type StartOfferRequest = { offer_id: string };
