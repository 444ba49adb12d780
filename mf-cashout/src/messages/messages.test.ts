import english from './en.json';

/** A plural, a select, a formatted number or a tag: what only the message formatter can show. */
const NEEDS_FORMATTER = /\{[^{}]*,|<\/?\w/;

/** The Profile page's panels; their code fetches the formatter with them (exposed-*.ts). */
const PANELS = /^(withdrawals|earnings|history)\./;

describe("mf-cashout's messages", () => {
  it('on the Cashout page are plain text with {arguments}: /Cashout never downloads the message formatter', () => {
    const needing = Object.entries(english)
      .filter(([key, message]) => !PANELS.test(key) && NEEDS_FORMATTER.test(message))
      .map(([key]) => key);
    expect(needing).toEqual([]);
  });

  it('tells a plain message from one that needs the formatter', () => {
    expect(NEEDS_FORMATTER.test('Minimum amount is {amount}')).toBe(false);
    expect(NEEDS_FORMATTER.test('{count, plural, one {# request} other {# requests}}')).toBe(true);
    expect(NEEDS_FORMATTER.test('Minimum <strong>{amount}</strong>')).toBe(true);
    expect(NEEDS_FORMATTER.test('{percent, number}')).toBe(true);
  });
});
