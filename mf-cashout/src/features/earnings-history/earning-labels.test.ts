import { reversalRate } from '../../test/cashout-fixtures';
import { t } from '../../history/messages';
import * as labels from './earning-labels';

const { signedAmount, wallName } = labels;
const statusLabel = (row: Parameters<typeof labels.statusLabel>[0]) => labels.statusLabel(row, t);
const availableOn = (isoDate: string) => labels.availableOn(isoDate, t);
const reversalRateLine = (rate: Parameters<typeof labels.reversalRateLine>[0]) => labels.reversalRateLine(rate, t);
const reversalRuleSentence = (rate: Parameters<typeof labels.reversalRuleSentence>[0]) => labels.reversalRuleSentence(rate, t);

describe('how the earnings history words its rows', () => {
  it.each([
    ['credit', 'pending', 'Pending'],
    ['credit', 'available', 'Available'],
    ['credit', 'reversed', 'Reversed'],
    ['reversal', 'reversed', 'Reversed'],
    ['referral_bonus', 'available', 'Available'],
    ['cashout', 'available', 'Withdrawn'],
    ['cashout_refund', 'available', 'Refunded'],
  ] as const)('labels a %s that is %s "%s"', (kind, status, label) => {
    expect(statusLabel({ kind, status })).toBe(label);
  });

  it('writes the sign of every amount', () => {
    expect(signedAmount('12.00')).toBe('+$12.00');
    expect(signedAmount('-1.50')).toBe('-$1.50');
    expect(signedAmount('1234.5')).toBe('+$1,234.50');
  });

  it('says when a held credit becomes available', () => {
    expect(availableOn('2026-12-04T10:00:00.000Z')).toBe('Available on Dec 4, 2026');
  });

  it("names a partner wall by its name, and another wall by the API's slug", () => {
    expect(wallName('bloomtask')).toBe('Bloomtask');
    expect(wallName('bitlabs')).toBe('bitlabs');
    expect(wallName(null)).toBe('');
  });

  it('says the reversal rate: "Reversed in the last 90 days: N of M credits (P %)"', () => {
    expect(reversalRateLine(reversalRate({ reversed: 2, credits: 40, percent: 5 }))).toBe('Reversed in the last 90 days: 2 of 40 credits (5 %)');
    expect(reversalRateLine(reversalRate({ reversed: 0, credits: 1, percent: 0 }))).toBe('Reversed in the last 90 days: 0 of 1 credit (0 %)');
    expect(reversalRateLine(reversalRate({ reversed: 5, credits: 30, percent: 16.7 }))).toBe('Reversed in the last 90 days: 5 of 30 credits (16.7 %)');
  });

  it('says what reversals do, from the configured rule', () => {
    expect(reversalRuleSentence(reversalRate())).toBe(
      'Reversals never block an account by themselves; above 10 % (with 5 or more reversals), new credits are held 14 days.',
    );
    expect(reversalRuleSentence(reversalRate({ above_percent: 20, min_reversals: 1, hold_days: 30 }))).toBe(
      'Reversals never block an account by themselves; above 20 %, new credits are held 30 days.',
    );
    expect(reversalRuleSentence(reversalRate({ above_percent: null, min_reversals: null, hold_days: null }))).toBe('Reversals never block an account by themselves.');
  });
});
