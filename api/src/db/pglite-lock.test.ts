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

  it('waits for a live holder up to waitMs, then says which process holds it', async () => {
    const folder = join(dir, 'pglite');
    await writeFile(`${folder}.lock`, String(process.ppid));
    const started = Date.now();
    await expect(lockFolder(folder, { waitMs: 300 })).rejects.toMatchObject({ name: 'DatabaseInUseError', pid: process.ppid });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('takes the folder once the holder lets go during the wait', async () => {
    const folder = join(dir, 'pglite');
    await writeFile(`${folder}.lock`, String(process.ppid));
    setTimeout(() => void rm(`${folder}.lock`), 200);
    const unlock = await lockFolder(folder, { waitMs: 5_000 });
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    await unlock();
  });

  it('releases only its own lock', async () => {
    const folder = join(dir, 'pglite');
    const unlock = await lockFolder(folder);
    // Taken again by this process (the command line, then the database it opens), released, then taken by another.
    const again = await lockFolder(folder);
    await again();
    await writeFile(`${folder}.lock`, String(process.ppid));
    await unlock();
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.ppid));
  });
});
