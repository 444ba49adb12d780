import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const modules = join(__dirname, '..');
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import[^;]*? from '([^']+)';/gms)].map((match) => match[1]!);

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('where sessions and refusals live', () => {
  it('the session module depends only on the database (and the domain errors it throws)', () => {
    const allowed = /^(node:|drizzle-orm|@rewards\/shared\/contracts\/|\.\.\/\.\.\/db\/|\.\.\/\.\.\/domain-errors$|\.\/)/;
    for (const file of sourcesUnder(join(modules, 'session'))) {
      expect({ file: relative(modules, file), imports: importsOf(file).filter((path) => !allowed.test(path)) }).toEqual({
        file: relative(modules, file),
        imports: [],
      });
    }
  });

  it('no service imports a plugin: services throw domain errors, the error handler speaks HTTP', () => {
    const services = sourcesUnder(modules).filter((file) => /(^|[/-])service\.ts$/.test(file));
    expect(services.length).toBeGreaterThan(3);
    for (const file of services) {
      expect({ file: relative(modules, file), plugins: importsOf(file).filter((path) => path.includes('/plugins/')) }).toEqual({
        file: relative(modules, file),
        plugins: [],
      });
    }
  });
});
