import { sanitizeHtml } from './sanitize-html';

describe('offer description HTML is sanitised', () => {
  it('keeps basic formatting', () => {
    expect(sanitizeHtml('<p>Reach <strong>level 10</strong><br>in <em>7 days</em></p><ul><li>one</li></ul>')).toBe(
      '<p>Reach <strong>level 10</strong><br>in <em>7 days</em></p><ul><li>one</li></ul>',
    );
  });

  it('removes scripts, iframes, forms and styles with their content', () => {
    const clean = sanitizeHtml('<p>Hi</p><script>alert(1)</script><iframe src="https://x.test"></iframe><style>p{}</style>');
    expect(clean).toBe('<p>Hi</p>');
  });

  it('removes event handler attributes', () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)"><b onclick="alert(2)">Bold</b>')).toBe('<b>Bold</b>');
  });

  it('removes javascript: links but keeps their text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">tap</a>')).toBe('<a>tap</a>');
  });

  it('opens web links in a new tab without giving the page a handle on ours', () => {
    expect(sanitizeHtml('<a href="https://example.com/terms">terms</a>')).toBe(
      '<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a>',
    );
  });

  it('gives an empty string for no description', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
