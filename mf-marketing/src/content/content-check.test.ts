import path from 'node:path';
import { checkContent, formatProblems } from '@rewards/shared/content/content-check';
import { faqSchema, footerSchema } from '@rewards/shared/content/content-schemas';
import { checkContentFolder } from './content-folder';
import faq from '../../content/faq.json';

const CONTENT_DIR = path.join(__dirname, '..', '..', 'content');

/** The real FAQ file as text, with one change. */
function faqWith(change: (text: string) => string): string {
  return change(JSON.stringify(faq, null, 2));
}

describe('content files (checked at build)', () => {
  it('the content files of this release are all valid', () => {
    expect(formatProblems(checkContentFolder(CONTENT_DIR))).toBe('');
  });

  it('names the file, line and column of a JSON syntax error', () => {
    const text = '{\n  "lead": "Answers",\n  "questions": [],\n}\n';
    expect(formatProblems(checkContent('content/faq.json', text, faqSchema))).toBe('content/faq.json:4:1 not valid JSON (PropertyNameExpected)');
  });

  it('names the line and column of an empty FAQ answer (where its value starts) and the field', () => {
    const text = faqWith((json) => json.replace(faq.questions[3]!.answer, ' '));
    const line = text.split('\n').findIndex((row) => row.includes('"answer": " "')) + 1;
    expect(formatProblems(checkContent('content/faq.json', text, faqSchema))).toBe(
      `content/faq.json:${line}:17 questions[3].answer: must not be empty`,
    );
  });

  it('points at the question whose answer is missing', () => {
    const broken = { ...faq, questions: faq.questions.map((entry, index) => (index === 7 ? { question: entry.question } : entry)) };
    const text = JSON.stringify(broken, null, 2);
    const [problem] = checkContent('content/faq.json', text, faqSchema);
    expect(problem?.message).toMatch(/^questions\[7\]\.answer: /);
    expect(text.split('\n')[problem!.line - 1]![problem!.column - 1]).toBe('{');
    expect(text.split('\n')[problem!.line]).toContain(faq.questions[7]!.question);
  });

  it('refuses an inline link to anything but a site path, mailto: or https://', () => {
    const text = faqWith((json) => json.replace('[contact support](/contact)', '[contact support](javascript:alert(1))'));
    expect(formatProblems(checkContent('content/faq.json', text, faqSchema))).toMatch(
      /^content\/faq\.json:\d+:\d+ questions\[5\]\.answer: the link "\[contact support\]\(javascript:alert\(1\)" must point to/,
    );
  });

  it('refuses unknown keys, so a typo is not silently ignored', () => {
    const text = faqWith((json) => json.replace('"lead"', '"laed"'));
    const messages = checkContent('content/faq.json', text, faqSchema).map((problem) => problem.message);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/laed/), 'lead: Invalid input: expected string, received undefined']));
  });

  it('wants every social network of the footer exactly once', () => {
    const text = JSON.stringify({
      tagline: 'x',
      languages: ['English'],
      social: [{ network: 'Myspace', href: 'https://myspace.example' }],
      columns: [{ heading: 'Help', links: [{ label: 'FAQ', href: '/faq' }] }],
      legal: 'x',
    });
    const messages = checkContent('content/footer.json', text, footerSchema).map((problem) => problem.message);
    expect(messages.some((message) => message.startsWith('social[0].network: '))).toBe(true);
    expect(messages.some((message) => message.startsWith('social: list each of Twitter'))).toBe(true);
  });
});

describe('images of the marketing pages', () => {
  it('are our own files of at most 100 KB each', () => {
    const { readdirSync, statSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const images: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(svg|png|jpe?g|webp|gif|avif)$/i.test(name)) images.push(file);
      }
    };
    walk(path.join(__dirname, '..'));
    expect(images.length).toBeGreaterThan(0);
    const tooBig = images.filter((image) => statSync(image).size > 100 * 1024).map((image) => path.basename(image));
    expect(tooBig).toEqual([]);
  });
});
