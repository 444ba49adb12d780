import { carouselStep } from './carousel-step';

describe('offer carousel arrows (spec §2: two cards of 145 px plus a 12 px gap)', () => {
  it('scroll 2 × (145 + 12) = 314 px when the card is not measured', () => {
    expect(carouselStep(undefined)).toBe(314);
    expect(carouselStep(0)).toBe(314);
  });

  it('use the measured card width when there is one', () => {
    expect(carouselStep(160)).toBe(344);
  });
});
