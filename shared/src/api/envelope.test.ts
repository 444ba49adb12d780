import { envelopeData, envelopeList } from './envelope';

describe('reading the payload of an answer (spec §7: data.data or data)', () => {
  it('reads `data` of an envelope', () => {
    expect(envelopeData({ status: 'success', data: { current_balance: '1.00' } })).toEqual({ current_balance: '1.00' });
  });

  it('reads `data.data` when the payload is nested', () => {
    expect(envelopeData({ status: 'success', data: { data: { pending_count: 2 } } })).toEqual({ pending_count: 2 });
  });

  it('reads the answer itself when it has no envelope', () => {
    expect(envelopeData({ current_balance: '1.00' })).toEqual({ current_balance: '1.00' });
  });

  it('keeps `data` when its own `data` is not an object', () => {
    expect(envelopeData({ data: { data: null, other: 1 } })).toEqual({ data: null, other: 1 });
  });
});

describe('reading a list from an answer (spec §7: data.data or data)', () => {
  it('reads a bare array, `data`, or `data.data`', () => {
    expect(envelopeList([1])).toEqual([1]);
    expect(envelopeList({ status: 'success', data: [1, 2] })).toEqual([1, 2]);
    expect(envelopeList({ status: 'success', data: { data: [3] } })).toEqual([3]);
  });

  it('gives an empty list for anything else', () => {
    expect(envelopeList({ status: 'success' })).toEqual([]);
    expect(envelopeList({ status: 'success', data: null })).toEqual([]);
    expect(envelopeList('oops')).toEqual([]);
    expect(envelopeList(null)).toEqual([]);
  });
});
