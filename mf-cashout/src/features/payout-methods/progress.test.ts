import { dollarsToMinimum, progressDelayMs, progressPercent } from './progress';

describe('progress bar of a payout method (spec §2, §9)', () => {
  it.each([
    ['0.00', 0],
    ['0.10', 40],
    ['0.20', 80],
    ['0.249', 99],
    ['0.25', 100],
  ])('is balance over the $0.25 minimum as a percent: %s gives %i%%', (balance, percent) => {
    expect(progressPercent(balance, 0.25)).toBe(percent);
  });

  it('is capped at 100% when the balance is above the minimum', () => {
    expect(progressPercent('12.34', 0.25)).toBe(100);
    expect(progressPercent(1000, 0.25)).toBe(100);
  });

  it('counts an unreadable or negative balance as zero', () => {
    expect(progressPercent('abc', 0.25)).toBe(0);
    expect(progressPercent('-3.00', 0.25)).toBe(0);
  });

  it('is full for a method without a minimum', () => {
    expect(progressPercent('0.00', 0)).toBe(100);
  });

  it('starts 120 ms after the stats load, then 80 ms later for each next card', () => {
    expect([0, 1, 2, 3, 4].map(progressDelayMs)).toEqual([120, 200, 280, 360, 440]);
  });

  it('tells how many dollars are missing to reach the minimum', () => {
    expect(dollarsToMinimum('0.10', 0.25)).toBe(0.15);
    expect(dollarsToMinimum('3.00', 0.25)).toBe(0);
  });
});
