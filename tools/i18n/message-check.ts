import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../../shared/src/i18n/locales';

const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /(\.test\.|\.d\.ts$|[\\/](test|standalone)[\\/])/;
/** `t('key')`, `t.rich('key'`, `t("key"`: a key the code asks for by name. */
const TRANSLATE_CALL = /\bt(?:\.rich)?\(\s*(['"])([^'"\n]+)\1/g;
/** Any quoted text that could be a key: keys are dotted (`earn.title`), so a key kept in a table counts as used. */
const QUOTED = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

type Catalogs = Map<string, Record<string, string>>;

function catalogDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const child = path.join(dir, entry.name);
    if (entry.name === 'messages' && existsSync(path.join(child, 'en.json'))) found.push(child);
    else found.push(...catalogDirs(child));
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE_FILE.test(file) && !NOT_SHIPPED.test(`/${file}`))
    .map((file) => path.join(dir, file));
}

/** The argument names a message uses (`{amount}`, `{count, plural, …}`, `<link>`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== 0 && typeof element.value === 'string') into.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if ('children' in element) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

function readCatalogs(dir: string, problems: string[]): Catalogs {
  const catalogs: Catalogs = new Map();
  for (const locale of LOCALES) {
    const file = path.join(dir, `${locale}.json`);
    if (!existsSync(file)) {
      problems.push(`${file}: missing (every language needs its file)`);
      continue;
    }
    try {
      catalogs.set(locale, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`);
    }
  }
  return catalogs;
}

function checkCatalogs(dir: string, catalogs: Catalogs, problems: string[]): void {
  const english = catalogs.get('en') ?? {};
  const englishArguments = new Map<string, string>();
  for (const [locale, catalog] of catalogs) {
    const file = path.join(dir, `${locale}.json`);
    for (const key of Object.keys(english)) if (!(key in catalog)) problems.push(`${file}: missing key "${key}"`);
    for (const [key, message] of Object.entries(catalog)) {
      if (!(key in english)) problems.push(`${file}: key "${key}" is not in en.json`);
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${file}: "${key}" is empty or not text`);
        continue;
      }
      let names: string;
      try {
        names = [...argumentsOf(parse(message, { requiresOtherClause: true }))].sort().join(', ');
      } catch (error) {
        problems.push(`${file}: "${key}" is not a valid ICU message (${(error as Error).message})`);
        continue;
      }
      if (locale === 'en') englishArguments.set(key, names);
      else if (englishArguments.has(key) && englishArguments.get(key) !== names)
        problems.push(`${file}: "${key}" uses {${names}} where en.json uses {${englishArguments.get(key)}}`);
    }
  }
}

/**
 * A package's messages against its code: every language has exactly the English keys, each message parses
 * as ICU with the English one's arguments, every key the code asks for exists, and every key is used. A key
 * counts as used when it appears quoted in the package's shipped code. A catalog whose keys are API error
 * codes (`errors/messages`) is looked up by the code the API answers, so only its languages are compared.
 */
export function findMessageProblems(packageDir: string): string[] {
  const problems: string[] = [];
  const srcDir = path.join(packageDir, 'src');
  const dirs = catalogDirs(srcDir);
  if (dirs.length === 0) return problems;
  const files = sourceFiles(srcDir);
  const texts = files.map((file) => [file, readFileSync(file, 'utf8')] as const);
  const quoted = new Set<string>();
  for (const [, text] of texts) for (const match of text.matchAll(QUOTED)) quoted.add(match[2]!);
  const sourceKeys = new Set<string>();

  for (const dir of dirs) {
    const catalogs = readCatalogs(dir, problems);
    checkCatalogs(dir, catalogs, problems);
    if (/[\\/]errors[\\/]messages$/.test(dir)) continue;
    const english = catalogs.get('en') ?? {};
    for (const key of Object.keys(english)) {
      sourceKeys.add(key);
      if (!quoted.has(key)) problems.push(`${path.join(dir, 'en.json')}: key "${key}" is used nowhere in ${path.basename(packageDir)}'s code`);
    }
  }
  for (const [file, text] of texts) {
    for (const match of text.matchAll(TRANSLATE_CALL)) {
      const key = match[2]!;
      if (key.includes('.') && !sourceKeys.has(key)) problems.push(`${file}: t('${key}') has no message in ${path.basename(packageDir)}'s en.json`);
    }
  }
  return problems;
}
