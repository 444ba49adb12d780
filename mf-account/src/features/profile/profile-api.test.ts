import { readMyOffers } from './profile-api';

const offer = { id: 1, name: 'Tile Match' };

describe('reading my offers (spec §7)', () => {
  it('reads a bare array, the envelope data, or data.data', () => {
    expect(readMyOffers([offer])).toEqual([offer]);
    expect(readMyOffers({ status: 'success', data: [offer] })).toEqual([offer]);
    expect(readMyOffers({ status: 'success', data: { data: [offer] } })).toEqual([offer]);
  });

  it('reads anything else as an empty list', () => {
    expect(readMyOffers({ status: 'success' })).toEqual([]);
    expect(readMyOffers(null)).toEqual([]);
  });
});
