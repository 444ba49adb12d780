import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findMessageProblems } from './message-check';

const REPOSITORY_ROOT = path.join(__dirname, '..', '..');
const TRANSLATED_PACKAGES = ['shared', 'shell', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-marketing', 'mf-admin'];
const OTHER_LOCALES = ['es', 'de', 'pt-BR', 'fr'];

describe('every package’s messages', () => {
  it.each(TRANSLATED_PACKAGES)('%s: every language has every key, each used by the code', (packageName) => {
    expect(findMessageProblems(path.join(REPOSITORY_ROOT, packageName))).toEqual([]);
  });
});

describe('findMessageProblems', () => {
  let packageDir: string;

  function write(file: string, content: unknown) {
    const full = path.join(packageDir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  }

  function writeCatalogs(english: Record<string, string>, others: Record<string, string> = english) {
    write('src/messages/en.json', english);
    for (const locale of OTHER_LOCALES) write(`src/messages/${locale}.json`, others);
  }

  beforeEach(() => {
    packageDir = mkdtempSync(path.join(tmpdir(), 'message-check-'));
  });
  afterEach(() => rmSync(packageDir, { recursive: true, force: true }));

  it('passes a package whose languages match and whose keys are all used', () => {
    writeCatalogs({ 'page.title': 'Earn {count, plural, one {# coin} other {# coins}}' });
    write('src/page.tsx', "export const title = (t: (key: string) => string) => t('page.title');");
    expect(findMessageProblems(packageDir)).toEqual([]);
  });

  it('names a key missing from one language, and one no English file has', () => {
    write('src/messages/en.json', { 'page.title': 'Earn', 'page.body': 'Text' });
    for (const locale of OTHER_LOCALES) write(`src/messages/${locale}.json`, locale === 'de' ? { 'page.title': 'Verdienen', 'page.extra': 'X' } : { 'page.title': 'x', 'page.body': 'y' });
    write('src/page.tsx', "t('page.title'); t('page.body');");
    const problems = findMessageProblems(packageDir);
    expect(problems).toEqual([expect.stringMatching(/de\.json: missing key "page\.body"/), expect.stringMatching(/de\.json: key "page\.extra" is not in en\.json/)]);
  });

  it('names a key the code uses that has no message, and a key no code uses', () => {
    writeCatalogs({ 'page.title': 'Earn', 'page.unused': 'Never shown' });
    write('src/page.tsx', "t('page.title'); t('page.subtitle');");
    const problems = findMessageProblems(packageDir);
    expect(problems).toEqual([
      expect.stringMatching(/en\.json: key "page\.unused" is used nowhere/),
      expect.stringMatching(/page\.tsx: t\('page\.subtitle'\) has no message/),
    ]);
  });

  it('does not count a key used only by a test', () => {
    writeCatalogs({ 'page.title': 'Earn' });
    write('src/page.test.tsx', "t('page.title');");
    expect(findMessageProblems(packageDir)).toEqual([expect.stringMatching(/"page\.title" is used nowhere/)]);
  });

  it('refuses a broken ICU message and a translation with other arguments', () => {
    write('src/messages/en.json', { 'page.balance': 'You have {amount}', 'page.broken': 'Oops' });
    for (const locale of OTHER_LOCALES) write(`src/messages/${locale}.json`, { 'page.balance': 'Sie haben {betrag}', 'page.broken': 'Kaputt {' });
    write('src/page.tsx', "t('page.balance'); t('page.broken');");
    const problems = findMessageProblems(packageDir);
    expect(problems).toContainEqual(expect.stringMatching(/de\.json: "page\.balance" uses \{betrag\} where en\.json uses \{amount\}/));
    expect(problems).toContainEqual(expect.stringMatching(/de\.json: "page\.broken" is not a valid ICU message/));
  });

  it('names a language file that is missing or not JSON', () => {
    write('src/messages/en.json', { 'page.title': 'Earn' });
    write('src/messages/es.json', '{ not json');
    write('src/page.tsx', "t('page.title');");
    const problems = findMessageProblems(packageDir);
    expect(problems).toContainEqual(expect.stringMatching(/es\.json: not JSON/));
    expect(problems).toContainEqual(expect.stringMatching(/de\.json: missing/));
  });
});
