import { NO_WITHDRAWALS, readCashoutStats, readMyOffers } from './profile-api';

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

describe('reading cashout stats (spec §7)', () => {
  it('reads data.data or data', () => {
    expect(readCashoutStats({ data: { data: { pending_count: 2 } } }).pending_count).toBe(2);
    expect(readCashoutStats({ status: 'success', data: { total_requested: '5.00' } }).total_requested).toBe('5.00');
  });

  it('fills what is missing with zeros', () => {
    expect(readCashoutStats({})).toEqual(NO_WITHDRAWALS);
  });
});
