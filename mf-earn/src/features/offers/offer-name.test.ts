import { shortenOfferName } from './offer-name';

describe('offer card name (spec §2: 2 words plus "…")', () => {
  it.each([
    ['Dragon Quest Legends', 'Dragon Quest…'],
    ['Coin Master', 'Coin Master'],
    ['Solitaire', 'Solitaire'],
    ['  Merge   Mansion  Deluxe Edition ', 'Merge Mansion…'],
    ['', ''],
  ])('shows "%s" as "%s"', (name, shown) => {
    expect(shortenOfferName(name)).toBe(shown);
  });
});
