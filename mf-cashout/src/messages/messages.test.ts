import english from './en.json';
import historyEnglish from '../history/messages/en.json';

/** A plural, a select, a formatted number or a tag: what only the message formatter can show. */
const NEEDS_FORMATTER = /\{[^{}]*,|<\/?\w/;

describe("mf-cashout's messages", () => {
  it('on the Cashout page are plain text with {arguments}: /Cashout never downloads the message formatter', () => {
    const needing = Object.entries(english)
      .filter(([, message]) => NEEDS_FORMATTER.test(message))
      .map(([key]) => key);
    expect(needing).toEqual([]);
  });

  it("of the Profile page's history tabs are the tabs' alone: the two catalogs share no key", () => {
    expect(Object.keys(historyEnglish).filter((key) => key in english)).toEqual([]);
  });

  it('tells a plain message from one that needs the formatter', () => {
    expect(NEEDS_FORMATTER.test('Minimum amount is {amount}')).toBe(false);
    expect(NEEDS_FORMATTER.test('{count, plural, one {# request} other {# requests}}')).toBe(true);
    expect(NEEDS_FORMATTER.test('Minimum <strong>{amount}</strong>')).toBe(true);
    expect(NEEDS_FORMATTER.test('{percent, number}')).toBe(true);
  });
});
