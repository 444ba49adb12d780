export const MAX_STARS = 5;

export type StarParts = { full: number; half: boolean; empty: number };

/** Spec §2: a full star per whole point, a half star when the fraction is at least .5, out of five. */
export function starParts(rating: number): StarParts {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), MAX_STARS) : 0;
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return { full, half, empty: MAX_STARS - full - (half ? 1 : 0) };
}
