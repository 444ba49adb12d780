import { canaryVerdict, compareRates, excessLowerBound, type VerdictInput, type VersionHealth, wilsonInterval } from './canary-verdict';

/** `loads` that succeeded, `failedLoads` that did not, `errors` thrown on the ones that succeeded. */
const health = (loads: number, failedLoads: number, errors: number): VersionHealth => ({ loads, failedLoads, errors });

function verdict(overrides: Partial<VerdictInput>) {
  return canaryVerdict({ canary: health(0, 0, 0), current: health(0, 0, 0), margin: 0.02, minLoads: 100, windowEnded: false, promote: true, ...overrides });
}

describe('wilsonInterval', () => {
  it('knows nothing without trials', () => {
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
  });

  it('is centred on a half and narrows as trials grow', () => {
    const small = wilsonInterval(5, 10);
    const large = wilsonInterval(500, 1000);
    expect(small.lower + small.upper).toBeCloseTo(1, 10);
    expect(large.upper - large.lower).toBeLessThan(small.upper - small.lower);
    expect(large.lower).toBeCloseTo(0.474, 3);
  });

  it('stays within 0 and 1 at the extremes', () => {
    expect(wilsonInterval(0, 20).lower).toBe(0);
    expect(wilsonInterval(0, 20).upper).toBeCloseTo(0.119, 3);
    expect(wilsonInterval(3, 3).upper).toBe(1);
    expect(wilsonInterval(3, 3).lower).toBeCloseTo(0.526, 3);
  });
});

describe('excessLowerBound', () => {
  it('is below the observed difference by both samples\u2019 uncertainty', () => {
    expect(excessLowerBound({ count: 5, loads: 100 }, { count: 10, loads: 1000 })).toBeCloseTo(0.0137, 3);
    expect(excessLowerBound({ count: 15, loads: 300 }, { count: 10, loads: 1000 })).toBeCloseTo(0.0218, 3);
  });

  it('counts a current version without loads as faultless and certain', () => {
    expect(excessLowerBound({ count: 2, loads: 50 }, { count: 0, loads: 0 })).toBeCloseTo(wilsonInterval(2, 50).lower, 10);
  });
});

describe('canaryVerdict', () => {
  it('rolls back a canary that fails on every load as soon as it has the loads needed', () => {
    const result = verdict({ canary: health(3, 0, 3), current: health(20, 0, 0), minLoads: 3 });
    expect(result.decision).toBe('rollback');
    expect(result.reason).toBe(
      "error rate 100.0% (3 of 3 loads) against 0.0% (0 of 20): above the current version's by more than 2 points (95% sure, 3 canary loads ≥ 3)",
    );
  });

  it('never decides on fewer loads than asked for, however bad they are', () => {
    // 2 loads and 2 failed ones: 4 tries.
    expect(verdict({ canary: health(2, 2, 2), current: health(20, 0, 0), minLoads: 5 }).decision).toBe('watch');
    expect(verdict({ canary: health(3, 2, 3), current: health(20, 0, 0), minLoads: 5 }).decision).toBe('rollback');
  });

  it('rolls back on the failed-load rate alone', () => {
    const result = verdict({ canary: health(40, 10, 0), current: health(400, 2, 0), minLoads: 20 });
    expect(result.decision).toBe('rollback');
    expect(result.reason).toMatch(/^failed-load rate 20\.0% \(10 of 50 loads\) against 0\.5% \(2 of 402\)/);
  });

  it('rolls back a canary that never loads at all', () => {
    const result = verdict({ canary: health(0, 5, 0), current: health(50, 0, 0), minLoads: 5 });
    expect(result.decision).toBe('rollback');
    expect(result.reason).toMatch(/^failed-load rate 100\.0% \(5 of 5 loads\) against 0\.0% \(0 of 50\)/);
  });

  it('keeps watching a canary above the current version by the margin but not surely so (a small sample)', () => {
    // 5% against 1%: 4 points above, but 100 loads cannot tell it from 2 points above.
    const result = verdict({ canary: health(100, 0, 5), current: health(1000, 0, 10) });
    expect(result.decision).toBe('watch');
    expect(result.reason).toBe('failed-load rate 0.0% (0 of 100 loads) against 0.0% (0 of 1000); error rate 5.0% (5 of 100 loads) against 1.0% (10 of 1000)');
  });

  it('rolls back the same rates once the sample is large enough to be sure', () => {
    expect(verdict({ canary: health(300, 0, 15), current: health(1000, 0, 10) }).decision).toBe('rollback');
  });

  it('keeps watching a canary no worse than the current version, whatever the loads', () => {
    expect(verdict({ canary: health(5000, 10, 50), current: health(50_000, 100, 500) }).decision).toBe('watch');
  });

  it('is not moved by a rate just inside the margin', () => {
    // 2.9% against 1%: 1.9 points, inside a 2-point margin, with a sample as large as one likes.
    expect(verdict({ canary: health(100_000, 0, 2900), current: health(100_000, 0, 1000) }).decision).toBe('watch');
    expect(verdict({ canary: health(100_000, 0, 3300), current: health(100_000, 0, 1000) }).decision).toBe('rollback');
  });

  it('judges a canary alone when the current version had no loads in the window', () => {
    expect(verdict({ canary: health(50, 0, 2), current: health(0, 0, 0), minLoads: 10 }).decision).toBe('watch');
    expect(verdict({ canary: health(50, 0, 10), current: health(0, 0, 0), minLoads: 10 }).decision).toBe('rollback');
  });

  it('promotes a healthy canary at the window\u2019s end', () => {
    const result = verdict({ canary: health(120, 1, 1), current: health(900, 9, 9), windowEnded: true });
    expect(result.decision).toBe('promote');
    expect(result.reason).toBe(
      'healthy for the whole watch: failed-load rate 0.8% (1 of 121 loads) against 1.0% (9 of 909); error rate 0.8% (1 of 120 loads) against 1.0% (9 of 900)',
    );
  });

  it('keeps a healthy canary as a canary at the window\u2019s end with --no-promote', () => {
    const result = verdict({ canary: health(120, 0, 0), current: health(900, 0, 0), windowEnded: true, promote: false });
    expect(result.decision).toBe('keep');
    expect(result.reason).toMatch(/\(--no-promote: it stays a canary\)$/);
  });

  it('does not promote a canary too few browsers loaded to tell', () => {
    const result = verdict({ canary: health(99, 0, 0), current: health(900, 0, 0), windowEnded: true });
    expect(result.decision).toBe('keep');
    expect(result.reason).toMatch(/^too few loads to tell \(99 of the 100 needed\): it stays a canary; /);
  });

  it('does not promote a canary above the margin, even when not surely so', () => {
    const result = verdict({ canary: health(100, 0, 5), current: health(1000, 0, 10), windowEnded: true });
    expect(result.decision).toBe('keep');
    expect(result.reason).toMatch(/^error rate 5\.0% \(5 of 100 loads\) against 1\.0% \(10 of 1000\): above by more than 2 points, though not surely: it stays a canary$/);
  });

  it('rolls back rather than promotes a bad canary at the window\u2019s end', () => {
    expect(verdict({ canary: health(200, 0, 200), current: health(900, 0, 0), windowEnded: true }).decision).toBe('rollback');
  });

  it('reads a health report that makes no sense as no evidence', () => {
    const comparisons = compareRates(health(Number.NaN, 5, 5), health(-3, 1, 1));
    // Only the failed loads are counts; no load succeeded, so no error counts.
    expect(comparisons.map(({ canary, current }) => [canary.count, canary.loads, current.count, current.loads])).toEqual([
      [5, 5, 1, 1],
      [0, 0, 0, 0],
    ]);
    expect(verdict({ canary: health(Number.POSITIVE_INFINITY, Number.NaN, -1), current: health(10, 0, 0), minLoads: 1 }).decision).toBe('watch');
  });

  it('counts errors at most once a load, and whole counts only', () => {
    const [failed, errors] = compareRates(health(3, 2.7, 10), health(10, 0, 0));
    expect(failed?.canary).toEqual({ count: 2, loads: 5, rate: 0.4 });
    expect(errors?.canary).toEqual({ count: 3, loads: 3, rate: 1 });
  });
});
