import { isDrag } from './drag-scroll';

describe('drag threshold (spec §4, §9: 5 px)', () => {
  it.each([
    [100, 100, false],
    [100, 105, false],
    [100, 95, false],
    [100, 106, true],
    [100, 94, true],
  ])('from x=%i to x=%i is a drag: %s', (start, end, expected) => {
    expect(isDrag(start, end)).toBe(expected);
  });
});
