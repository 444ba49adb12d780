import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type SiteFixture = {
  root: string;
  write(relativePath: string, content: string): Promise<void>;
  writeBytes(relativePath: string, content: Uint8Array): Promise<void>;
  /** A built remote (`mf-earn`): its manifest naming `remoteEntry.js`, and `files` below its `dist/`. */
  writeRemote(remote: string, files: Record<string, string>): Promise<void>;
  remove(): Promise<void>;
};

/** Long enough to be worth compressing (the compress threshold is 1 KB). */
export const BIG_SCRIPT = `console.log(${JSON.stringify('earn coins '.repeat(400))});\n`;

/**
 * A throwaway folder shaped like the repository's built site: shell/dist and mf-marketing/dist exist,
 * the other remotes are missing on purpose (the server must start anyway).
 */
export async function createSiteFixture(): Promise<SiteFixture> {
  const root = await mkdtemp(join(tmpdir(), 'rewards-site-'));
  const write = async (relativePath: string, content: string | Uint8Array) => {
    const file = join(root, relativePath);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  await write('shell/dist/index.html', '<!doctype html><title>shell v1</title><div id="root"></div>');
  await write('shell/dist/main.0123456789.js', BIG_SCRIPT);
  await write('shell/dist/favicon.ico', 'icon');
  await write('mf-marketing/dist/mf-manifest.json', JSON.stringify({ id: 'mf_marketing', version: 1 }));
  await write('mf-marketing/dist/remoteEntry.js', 'var mf_marketing = {};');
  await write('mf-marketing/dist/__federation_expose_routes.a1b2c3d4e5.js', BIG_SCRIPT);
  await write('mf-marketing/dist/assets/logo.0a1b2c3d4e.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const writeRemote = async (remote: string, files: Record<string, string>) => {
    const manifest = { id: remote.replace(/-/g, '_'), metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } };
    await write(`${remote}/dist/mf-manifest.json`, JSON.stringify(manifest));
    for (const [file, content] of Object.entries(files)) await write(`${remote}/dist/${file}`, content);
  };
  return { root, write, writeBytes: write, writeRemote, remove: () => rm(root, { recursive: true, force: true }) };
}
