import { addHistograms, addToHistogram, bucketCount, bucketIndex, emptyHistogram, histogramPercentile, VITAL_BUCKET_BOUNDS, WEB_VITALS } from './histogram';

describe('Web Vitals histograms', () => {
  it('puts a value in the first bucket whose upper bound it does not pass, above the last bound in the open bucket', () => {
    expect(bucketIndex('lcp', 0)).toBe(0);
    expect(bucketIndex('lcp', 500)).toBe(0);
    expect(bucketIndex('lcp', 500.1)).toBe(1);
    expect(bucketIndex('lcp', 2500)).toBe(4);
    expect(bucketIndex('lcp', 1e9)).toBe(VITAL_BUCKET_BOUNDS.lcp.length);
    expect(bucketIndex('cls', 0.1)).toBe(4);
    expect(bucketIndex('inp', 201)).toBe(4);
  });

  it('has increasing bounds for every vital', () => {
    for (const vital of WEB_VITALS) {
      const bounds = VITAL_BUCKET_BOUNDS[vital];
      expect(bounds.every((bound, index) => index === 0 || bound > bounds[index - 1]!)).toBe(true);
      expect(emptyHistogram(vital)).toHaveLength(bucketCount(vital));
    }
  });

  it('adds histograms bucket by bucket, a short one counting as zeros', () => {
    const a = emptyHistogram('inp');
    addToHistogram('inp', a, 40);
    addToHistogram('inp', a, 40);
    addToHistogram('inp', a, 120);
    expect(addHistograms('inp', a, [1], a).slice(0, 4)).toEqual([5, 0, 2, 0]);
  });

  it('has no percentile without values', () => {
    expect(histogramPercentile('lcp', emptyHistogram('lcp'), 0.75)).toBeNull();
  });

  it('interpolates p75 inside its bucket', () => {
    // 4 values in (1000, 1500]: ranks 1..4, the 75th percentile is rank 3 → 1000 + 500 × 3/4.
    const histogram = emptyHistogram('lcp');
    for (const value of [1100, 1200, 1300, 1400]) addToHistogram('lcp', histogram, value);
    expect(histogramPercentile('lcp', histogram, 0.75)).toBe(1375);
  });

  it('finds the bucket of the 75th percentile among several', () => {
    // 75 fast pages (≤ 500 ms) and 25 slow ones (4–5 s): rank 75 is the last fast one.
    const histogram = emptyHistogram('lcp');
    for (let i = 0; i < 75; i++) addToHistogram('lcp', histogram, 300);
    for (let i = 0; i < 25; i++) addToHistogram('lcp', histogram, 4500);
    expect(histogramPercentile('lcp', histogram, 0.75)).toBe(500);
    addToHistogram('lcp', histogram, 4500);
    // 101 values: rank 76 is the first slow one, in (4000, 5000] with 26 values.
    expect(histogramPercentile('lcp', histogram, 0.75)).toBeCloseTo(4000 + 1000 / 26);
  });

  it('answers the lower bound of the open last bucket', () => {
    const histogram = emptyHistogram('inp');
    addToHistogram('inp', histogram, 60_000);
    expect(histogramPercentile('inp', histogram, 0.75)).toBe(5000);
  });

  it('stays within one bucket width of the exact p75 of random samples', () => {
    const bounds = VITAL_BUCKET_BOUNDS.lcp;
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: 1 + Math.floor(Math.random() * 300) }, () => Math.random() * 29_000);
      const histogram = emptyHistogram('lcp');
      values.forEach((value) => addToHistogram('lcp', histogram, value));
      const sorted = [...values].sort((a, b) => a - b);
      const exact = sorted[Math.ceil(0.75 * sorted.length) - 1]!;
      const index = bucketIndex('lcp', exact);
      const width = bounds[index]! - (index === 0 ? 0 : bounds[index - 1]!);
      expect(Math.abs(histogramPercentile('lcp', histogram, 0.75)! - exact)).toBeLessThanOrEqual(width);
    }
  });
});
