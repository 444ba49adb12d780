import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseInUseError, lockFolder } from './database';

describe('the PGlite folder lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rewards-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is taken with this pid and released', async () => {
    const folder = join(dir, 'pglite');
    const unlock = await lockFolder(folder);
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    await unlock();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a folder locked by another live process', async () => {
    const folder = join(dir, 'pglite');
    await writeFile(`${folder}.lock`, String(process.ppid));
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(DatabaseInUseError);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const folder = join(dir, 'pglite');
    await writeFile(`${folder}.lock`, '2147483646');
    const unlock = await lockFolder(folder);
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    await unlock();
  });
});
