import fc from 'fast-check';
import { scriptSafeJson, withSessionAnswer } from './session-answer';

describe('the session answer in the page', () => {
  const page = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

  it('keeps any value JSON that reads back the same, with no character that could end or change the element', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        for (const input of [value, { name: text }, { name: `</script><script>alert(1)</script>${text}` }, { name: '<!--<script>\u2028\u2029&amp;' }]) {
          const json = scriptSafeJson(input);
          expect(json).not.toMatch(/[<>&\u2028\u2029]/);
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(input)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes the user as a data block at the end of the body, and nothing for no user', () => {
    const html = withSessionAnswer(page, { id: 1, name: '</script><script>alert(1)</script>' });
    expect(html).toBe(
      '<!doctype html><html><head></head><body><div id="root"></div><script type="application/json" id="session-answer">{"id":1,"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script></body></html>',
    );
    expect(withSessionAnswer(page, null)).toBe(page);
    expect(withSessionAnswer('<title>x</title><div id="root"></div>', { id: 1 })).toBe(
      '<title>x</title><div id="root"></div><script type="application/json" id="session-answer">{"id":1}</script>',
    );
  });
});
