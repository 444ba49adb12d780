import { starParts } from './rating';

describe('star rating (spec §2)', () => {
  it.each([
    [4, { full: 4, half: false, empty: 1 }],
    [4.5, { full: 4, half: true, empty: 0 }],
    [4.49, { full: 4, half: false, empty: 1 }],
    [3.7, { full: 3, half: true, empty: 1 }],
    [5, { full: 5, half: false, empty: 0 }],
    [0, { full: 0, half: false, empty: 5 }],
  ])('shows %d as %o', (rating, parts) => {
    expect(starParts(rating)).toEqual(parts);
  });

  it('keeps ratings outside 0–5 within five stars', () => {
    expect(starParts(7)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: false, empty: 5 });
  });
});
