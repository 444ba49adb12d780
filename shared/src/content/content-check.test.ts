import { checkContentFile, formatProblems } from './content-check';
import { contentHash } from './content-hash';
import { fileInLocale, splitContentFile } from './content-files';
import { isContentFile, SOCIAL_NETWORKS } from './content-schemas';

const faq = (answer: string) =>
  JSON.stringify(
    {
      lead: 'Answers.',
      questions: Array.from({ length: 10 }, (_, index) => ({ question: `Question ${index + 1}?`, answer: index === 2 ? answer : 'An answer.' })),
      support: { text: 'Still stuck?', cta: 'Contact support' },
    },
    null,
    2,
  );

/** The 1-based line and column where `needle` starts in `text`. */
function whereIs(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('checking a content file by the schema the build uses', () => {
  it('accepts plain text with [label](target) links', () => {
    expect(checkContentFile('faq.json', faq('See [the terms](/terms), [mail us](mailto:help@example.com) or [our blog](https://example.com/blog).'))).toEqual([]);
  });

  it.each([
    ['an HTML tag', 'Click <b>here</b>', 'HTML tags are not allowed'],
    ['a script element', '<script>alert(1)</script>', 'HTML tags are not allowed'],
    ['an HTML comment', 'hidden <!-- note -->', 'HTML tags are not allowed'],
    ['a line break', 'one\ntwo', 'control characters'],
    ['a bidi override', 'abc\u202edef', 'control characters'],
    ['a javascript: link', '[x](javascript:alert(1))', 'must point to a site path'],
    ['a protocol-relative link', '[x](//evil.example)', 'must point to a site path'],
    ['an http: link', '[x](http://example.com)', 'must point to a site path'],
  ])('refuses %s, naming the line and column where the value starts', (_label, answer, message) => {
    const text = faq(answer);
    const problems = checkContentFile('faq.json', text);
    expect(problems).toHaveLength(1);
    expect(formatProblems(problems)).toMatch(new RegExp(`^content/faq\\.json:${whereIs(text, JSON.stringify(answer))} questions\\[2\\]\\.answer: .*${message}`));
  });

  it('names the line and column of a JSON syntax error, and of a character JSON refuses inside a string', () => {
    expect(formatProblems(checkContentFile('faq.json', '{\n  "lead": "x",\n}'))).toBe('content/faq.json:3:1 not valid JSON (PropertyNameExpected)');
    const [problem] = checkContentFile('faq.json', '{\n  "lead": "a\tb"\n}');
    expect(problem).toMatchObject({ line: 2, message: expect.stringMatching(/^not valid JSON/) });
  });

  it('knows the repository file names only', () => {
    expect(isContentFile('faq.json')).toBe(true);
    expect(isContentFile('pages/terms.json')).toBe(true);
    for (const name of ['terms.json', 'pages/../faq.json', '__proto__', 'constructor', 'FAQ.json', '']) expect(isContentFile(name)).toBe(false);
  });

  it('knows each translation by its language folder; the legal pages have none', () => {
    for (const name of ['de/faq.json', 'es/landing.json', 'pt-BR/pages/careers.json', 'fr/footer.json']) expect(isContentFile(name)).toBe(true);
    for (const name of ['en/faq.json', 'xx/faq.json', 'de/../faq.json', 'de/pages/terms.json', 'pt-br/faq.json', 'de/faq.json/', 'de//faq.json', 'DE/faq.json']) {
      expect({ name, known: isContentFile(name) }).toEqual({ name, known: false });
    }
    expect(splitContentFile('pt-BR/pages/press.json')).toEqual({ locale: 'pt-BR', english: 'pages/press.json' });
    expect(fileInLocale('faq.json', 'de')).toBe('de/faq.json');
    expect(fileInLocale('pages/terms.json', 'de')).toBe('pages/terms.json');
    expect(fileInLocale('faq.json', 'en-XA')).toBe('faq.json');
  });

  it("wants a translation's footer to carry the legal pages' note, and English's may leave it out", () => {
    const footer = { tagline: 'x', languages: ['Deutsch'], social: SOCIAL_NETWORKS.map((network) => ({ network, href: 'https://example.com' })), columns: [{ heading: 'Hilfe', links: [{ label: 'FAQ', href: '/faq' }] }], legal: 'x' };
    expect(checkContentFile('footer.json', JSON.stringify(footer))).toEqual([]);
    expect(formatProblems(checkContentFile('de/footer.json', JSON.stringify(footer)))).toMatch(/^content\/de\/footer\.json:1:1 legalNote: /);
    expect(checkContentFile('de/footer.json', JSON.stringify({ ...footer, legalNote: 'Es gilt der englische Text.' }))).toEqual([]);
  });

  it('gives equal values one hash whatever the formatting', () => {
    expect(contentHash(JSON.parse('{ "a": [1, 2] }'))).toBe(contentHash(JSON.parse('{"a":[1,2]}')));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});
