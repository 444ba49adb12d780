import { partnerRowStep } from './row-step';

describe('partner row arrows (spec §2: 60 percent of the width)', () => {
  it.each([
    [1000, 600],
    [390, 234],
    [0, 0],
  ])('scroll a %i px wide row by %i px', (width, step) => {
    expect(partnerRowStep(width)).toBe(step);
  });
});
