import fc from 'fast-check';
import { dueAtMs, dueBy, percentile } from './paced-load';

describe('the paced schedule', () => {
  it('spaces requests evenly from the start', () => {
    expect([0, 1, 2, 1000].map((index) => dueAtMs(index, 1000))).toEqual([0, 1, 2, 1000]);
    expect(dueAtMs(3, 500)).toBe(6);
    expect(dueAtMs(1, 3)).toBeCloseTo(333.333, 3);
  });

  it('has one request due at the start and one more each 1/rate s, never more than the run holds', () => {
    expect(dueBy(0, 1000, 10_000)).toBe(1);
    expect(dueBy(0.999, 1000, 10_000)).toBe(1);
    expect(dueBy(1, 1000, 10_000)).toBe(2);
    expect(dueBy(999.5, 1000, 10_000)).toBe(1000);
    expect(dueBy(1999, 500, 5000)).toBe(1000);
    expect(dueBy(60_000, 1000, 10_000)).toBe(10_000);
    expect(dueBy(-5, 1000, 10_000)).toBe(0);
    // 15 * 1000 / 7 * 7 / 1000 rounds to 14.999…: request 15 is due at its own due time all the same.
    expect(dueBy(dueAtMs(15, 7), 7, 100)).toBe(16);
  });

  it('counts exactly the requests whose due time has come, at any rate and moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (rate, total, index) => {
        // Right at a request's due time (where rounding bites) and just before it.
        const at = dueAtMs(index, rate);
        const expected = (elapsed: number) => Array.from({ length: total }, (_, i) => i).filter((i) => dueAtMs(i, rate) <= elapsed).length;
        expect(dueBy(at, rate, total)).toBe(expected(at));
        expect(dueBy(at - 1e-9, rate, total)).toBe(expected(at - 1e-9));
      }),
      { numRuns: 300 },
    );
  });
});

describe('percentile', () => {
  const sorted = Float64Array.from({ length: 100 }, (_, index) => index + 1);

  it('is the nearest rank: the smallest value at or above p % of the values', () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(sorted, 0.5)).toBe(1);
    expect(percentile([3, 7, 40], 50)).toBe(7);
    expect(percentile([3, 7, 40], 99)).toBe(40);
    expect(percentile([12], 99)).toBe(12);
  });

  it('has no value for no values, and refuses a percentage outside (0, 100]', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(sorted, 0)).toThrow('percentile must be in (0, 100]');
    expect(() => percentile(sorted, 101)).toThrow('percentile must be in (0, 100]');
  });
});
