import type { MyOffer, Offer } from '@rewards/shared/contracts/offer-types';

export function sampleOffer(id: number, fields: Partial<Offer> = {}): Offer {
  return {
    id,
    offer_id: `partner-${id}`,
    name: `Offer Number ${id}`,
    title: `Play offer ${id}`,
    image_url: `/api/offer-images/${id}.svg`,
    description: `<p>Description of offer ${id}</p>`,
    description2: null,
    description3: null,
    categories: ['Game'],
    rate: 4.5,
    payout: id + 0.5,
    click_url: `https://partner.example/click/${id}?user_id=1`,
    events: [],
    ...fields,
  };
}

export function sampleOffers(count: number): Offer[] {
  return Array.from({ length: count }, (_, index) => sampleOffer(index + 1));
}

export function sampleMyOffer(id: number, fields: Partial<MyOffer> = {}): MyOffer {
  return {
    id,
    offer_id: `partner-${id}`,
    name: `My Offer ${id}`,
    image_url: `/api/offer-images/${id}.svg`,
    description: `<p>About my offer ${id}</p>`,
    payout_cents: 1250,
    platform: 'Android',
    status: 'active',
    completed_steps: [],
    total_steps: 0,
    events: [],
    click_url: `https://partner.example/click/${id}?user_id=1`,
    ...fields,
  };
}
