import { createHash } from 'node:crypto';
import { START_AFTER_PAINT_HASH, START_AFTER_PAINT_SCRIPT, withStartAfterPaint } from './start-after-paint';

describe('scripts started after the first paint', () => {
  const PAGE =
    '<html><head><link rel="icon" href="/favicon.svg"><link rel="preload" href="/a.json" as="fetch" crossorigin>' +
    '<link rel="stylesheet" href="/page.css" /></head><body><div id="root"><h1>Hi</h1></div>' +
    '<script defer src="/main.js"></script><script src="/second.js"></script></body></html>';

  it('moves the preloads and scripts, in their order, into the template before the body ends, with the script that starts them', () => {
    expect(withStartAfterPaint(PAGE)).toBe(
      '<html><head><link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/page.css" /></head><body><div id="root"><h1>Hi</h1></div>' +
        '<template id="after-first-paint"><link rel="preload" href="/a.json" as="fetch" crossorigin><script defer src="/main.js"></script><script src="/second.js"></script></template>' +
        `<script>${START_AFTER_PAINT_SCRIPT}</script></body></html>`,
    );
  });

  it('leaves a page with nothing to hold or without a body as it is', () => {
    expect(withStartAfterPaint('<html><head></head><body><h1>Hi</h1></body></html>')).toBe('<html><head></head><body><h1>Hi</h1></body></html>');
    expect(withStartAfterPaint('<script src="/main.js"></script>')).toBe('<script src="/main.js"></script>');
  });

  it("names the script's own hash for the policy", () => {
    expect(START_AFTER_PAINT_HASH).toBe(`'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT, 'utf8').digest('base64')}'`);
  });
});
