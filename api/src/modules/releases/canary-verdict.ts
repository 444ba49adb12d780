/**
 * Whether a watched canary is worse than the version everyone else runs. Pure: the watcher (canary-watch.ts)
 * gathers both versions' browser health since the watch started and acts on the verdict.
 *
 * The rule (docs/releasing.md, "A canary that watches itself"), for the failed-load rate (failed loads of all
 * tries) and the error rate (errors per successful load, at most one a load): the canary is rolled back when
 * browsers tried to load it at least `minLoads` times and the lower end of a one-sided 95%
 * confidence interval of (canary rate − current rate) is above `margin`. The interval is Newcombe's, from each
 * rate's Wilson score interval, so a handful of loads never trips it by chance, while a canary failing on most
 * of its loads trips it at once. At the window's end a canary with at least `minLoads` loads whose rates are
 * no more than `margin` above the current's is healthy (promoted, or kept with --no-promote); one with fewer
 * loads, or above by the margin but not surely so, stays a canary: nobody is given a version nobody could judge.
 */

/** What browsers reported about one version of a remote since the watch started (telemetry's remoteHealth). */
export type VersionHealth = {
  /** Loads of the remote that succeeded. */
  loads: number;
  /** Loads that failed (its manifest, entry or a chunk): the failed-load rate is failedLoads of all tries. */
  failedLoads: number;
  /** Errors it threw on the loads that succeeded: the error rate is errors per load, counted at most once a load. */
  errors: number;
};

export type WatchRule = {
  /** How far above the current version's rate (0–1) the canary's may be: 0.02 is 2 points. */
  margin: number;
  /** Fewer canary loads than this never decide anything. */
  minLoads: number;
};

export const RATES = ['failed-load', 'error'] as const;
export type RateName = (typeof RATES)[number];

export type RateComparison = {
  rate: RateName;
  canary: { count: number; loads: number; rate: number };
  current: { count: number; loads: number; rate: number };
  /** The lower end of the one-sided 95% interval of canary rate − current rate. */
  excessLowerBound: number;
};

export type CanaryVerdict =
  | { decision: 'watch'; reason: string; comparisons: RateComparison[] }
  | { decision: 'rollback'; reason: string; comparisons: RateComparison[] }
  | { decision: 'promote'; reason: string; comparisons: RateComparison[] }
  | { decision: 'keep'; reason: string; comparisons: RateComparison[] };

/** z for a one-sided 95% bound. */
const Z = 1.6448536269514722;

/** Wilson score interval of `count` out of `trials` (z = one-sided 95%); [0, 1] without trials. */
export function wilsonInterval(count: number, trials: number): { lower: number; upper: number } {
  if (trials <= 0) return { lower: 0, upper: 1 };
  const p = count / trials;
  const z2 = Z * Z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { lower: Math.max(0, center - half), upper: Math.min(1, center + half) };
}

/**
 * Lower bound of canary rate − current rate (Newcombe's hybrid score method). A current version with no loads
 * in the window counts as faultless and certain: the canary must then be surely above the margin by itself.
 */
export function excessLowerBound(canary: { count: number; loads: number }, current: { count: number; loads: number }): number {
  const canaryRate = canary.loads > 0 ? canary.count / canary.loads : 0;
  const currentRate = current.loads > 0 ? current.count / current.loads : 0;
  const canaryLower = wilsonInterval(canary.count, canary.loads).lower;
  const currentUpper = current.loads > 0 ? wilsonInterval(current.count, current.loads).upper : 0;
  return canaryRate - currentRate - Math.hypot(canaryRate - canaryLower, currentUpper - currentRate);
}

/** A count from a health report made safe: whole and not negative; anything else counts as none. */
function counted(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Every load browsers tried, failed or not: what `minLoads` counts. */
export function triedLoads(health: VersionHealth): number {
  return counted(health.loads) + counted(health.failedLoads);
}

function side(count: number, loads: number) {
  return { count, loads, rate: loads > 0 ? count / loads : 0 };
}

function sidesOf(rate: RateName, health: VersionHealth) {
  const loads = counted(health.loads);
  return rate === 'failed-load' ? side(counted(health.failedLoads), triedLoads(health)) : side(Math.min(counted(health.errors), loads), loads);
}

export function compareRates(canary: VersionHealth, current: VersionHealth): RateComparison[] {
  return RATES.map((rate) => {
    const canarySide = sidesOf(rate, canary);
    const currentSide = sidesOf(rate, current);
    return { rate, canary: canarySide, current: currentSide, excessLowerBound: excessLowerBound(canarySide, currentSide) };
  });
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const points = (margin: number) => `${Number((margin * 100).toFixed(2))} points`;

/** "error rate 100.0% (6 of 6 loads) against 0.0% (0 of 14)": the figures a decision is made on (errors capped at one a load). */
export function describeComparison({ rate, canary, current }: RateComparison): string {
  return `${rate} rate ${percent(canary.rate)} (${canary.count} of ${canary.loads} loads) against ${percent(current.rate)} (${current.count} of ${current.loads})`;
}

export type VerdictInput = WatchRule & {
  canary: VersionHealth;
  current: VersionHealth;
  /** The watch's window is over: decide for good. */
  windowEnded: boolean;
  /** Promote a healthy canary at the window's end (false: --no-promote, it stays a canary). */
  promote: boolean;
};

export function canaryVerdict({ canary, current, margin, minLoads, windowEnded, promote }: VerdictInput): CanaryVerdict {
  const comparisons = compareRates(canary, current);
  const loads = triedLoads(canary);
  const figures = comparisons.map(describeComparison).join('; ');
  if (loads >= minLoads) {
    const worse = comparisons.find((comparison) => comparison.excessLowerBound > margin);
    if (worse) {
      return {
        decision: 'rollback',
        reason: `${describeComparison(worse)}: above the current version's by more than ${points(margin)} (95% sure, ${loads} canary loads ≥ ${minLoads})`,
        comparisons,
      };
    }
  }
  if (!windowEnded) return { decision: 'watch', reason: figures, comparisons };
  if (loads < minLoads) {
    return { decision: 'keep', reason: `too few loads to tell (${loads} of the ${minLoads} needed): it stays a canary; ${figures}`, comparisons };
  }
  const above = comparisons.find((comparison) => comparison.canary.rate > comparison.current.rate + margin);
  if (above) {
    return { decision: 'keep', reason: `${describeComparison(above)}: above by more than ${points(margin)}, though not surely: it stays a canary`, comparisons };
  }
  const healthy = `healthy for the whole watch: ${figures}`;
  return promote ? { decision: 'promote', reason: healthy, comparisons } : { decision: 'keep', reason: `${healthy} (--no-promote: it stays a canary)`, comparisons };
}
