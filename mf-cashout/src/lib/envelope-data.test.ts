import { envelopeData } from './envelope-data';

describe('reading the payload of an answer (spec §7: data.data or data)', () => {
  it('reads `data` of an envelope', () => {
    expect(envelopeData({ status: 'success', data: { current_balance: '1.00' } })).toEqual({ current_balance: '1.00' });
  });

  it('reads the answer itself when it has no envelope', () => {
    expect(envelopeData({ current_balance: '1.00' })).toEqual({ current_balance: '1.00' });
  });
});
