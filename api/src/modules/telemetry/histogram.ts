/**
 * Web Vitals are kept as counts per fixed bucket (a column of int[] per metric in telemetry_minutes), so that
 * minutes, routes and instances add up by adding counts, and a percentile of any window can be read back.
 * Bucket i counts values v with bounds[i-1] < v <= bounds[i]; the last bucket counts values above the last
 * bound. The bounds are part of the stored data: changing them needs a migration that re-buckets old rows.
 */

export const WEB_VITALS = ['lcp', 'inp', 'cls'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

/** Upper bounds of each bucket (LCP and INP in milliseconds, CLS unitless); one more bucket holds the rest. */
export const VITAL_BUCKET_BOUNDS: Readonly<Record<WebVital, readonly number[]>> = {
  lcp: [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000],
  inp: [50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000],
  cls: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
};

export function bucketCount(vital: WebVital): number {
  return VITAL_BUCKET_BOUNDS[vital].length + 1;
}

export function emptyHistogram(vital: WebVital): number[] {
  return new Array<number>(bucketCount(vital)).fill(0);
}

/** The bucket a (finite, non-negative) value falls in. */
export function bucketIndex(vital: WebVital, value: number): number {
  const bounds = VITAL_BUCKET_BOUNDS[vital];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** Adds `value` to `histogram` (in place). */
export function addToHistogram(vital: WebVital, histogram: number[], value: number): void {
  histogram[bucketIndex(vital, value)]! += 1;
}

/** Bucket by bucket sum; a shorter or missing histogram counts as zeros. */
export function addHistograms(vital: WebVital, ...histograms: readonly (readonly number[])[]): number[] {
  const sum = emptyHistogram(vital);
  for (const histogram of histograms) histogram.forEach((count, index) => (sum[index] = (sum[index] ?? 0) + count));
  return sum;
}

/**
 * The p-th percentile (0 < p < 1, e.g. 0.75) of the values a histogram counts, null when it counts none. The
 * value is interpolated linearly inside its bucket (values spread evenly from the bucket's lower to its upper
 * bound, the first bucket from 0): off by at most the bucket's width. In the last, open bucket it is that
 * bucket's lower bound ("at least").
 */
export function histogramPercentile(vital: WebVital, histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const bounds = VITAL_BUCKET_BOUNDS[vital];
  const rank = Math.max(1, Math.ceil(p * total));
  let before = 0;
  for (let index = 0; index < histogram.length; index++) {
    const count = histogram[index]!;
    if (count > 0 && before + count >= rank) {
      const lower = index === 0 ? 0 : bounds[index - 1]!;
      const upper = bounds[index];
      if (upper === undefined) return lower;
      return lower + ((upper - lower) * (rank - before)) / count;
    }
    before += count;
  }
  return bounds[bounds.length - 1]!;
}
