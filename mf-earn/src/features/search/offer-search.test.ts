import { sampleOffer } from '../../test/sample-offers';
import { MAX_QUERY_LENGTH, queryWords, searchOffers } from './offer-search';

const OFFERS = [
  sampleOffer(1, { name: 'Puzzle Harbor', description: '<p>Solve <b>100</b> puzzles &amp; relax</p>' }),
  sampleOffer(2, { name: 'Daily Opinion Poll', description: '<p>Answer a short survey</p>', description2: 'Share your <i>opinion</i>' }),
  sampleOffer(3, { name: 'Neon Drift Racing', description: '<p>Reach level 10</p>' }),
];

describe('offer search (/search?q=…)', () => {
  it('matches names and descriptions, case-insensitively', () => {
    expect(searchOffers(OFFERS, 'PUZZLE').map((offer) => offer.id)).toEqual([1]);
    expect(searchOffers(OFFERS, 'survey').map((offer) => offer.id)).toEqual([2]);
    expect(searchOffers(OFFERS, 'level').map((offer) => offer.id)).toEqual([3]);
  });

  it('needs every word of the query', () => {
    expect(searchOffers(OFFERS, 'short survey').map((offer) => offer.id)).toEqual([2]);
    expect(searchOffers(OFFERS, 'short racing')).toEqual([]);
  });

  it('matches the words of partner HTML, not its tags', () => {
    expect(searchOffers(OFFERS, 'puzzles & relax').map((offer) => offer.id)).toEqual([1]);
    expect(searchOffers(OFFERS, '<b>')).toEqual([]);
    expect(searchOffers(OFFERS, 'p')).toHaveLength(3);
  });

  it('finds nothing for a blank query and cuts long ones', () => {
    expect(searchOffers(OFFERS, '   ')).toEqual([]);
    expect(queryWords('x'.repeat(500))[0]).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('treats regular-expression characters as text', () => {
    expect(searchOffers(OFFERS, '.* (a|b) [')).toEqual([]);
  });
});
