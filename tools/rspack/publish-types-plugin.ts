import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

const PUBLISH_TYPES = path.join(__dirname, '..', 'federation-types', 'published-types.cjs');
/** `dist/@mf-types/`, as tools/federation-types/published-types.cjs writes it. */
const TYPES_FOLDER = '@mf-types';

/**
 * A remote's build publishes the types of what it exposes in `dist/@mf-types/` (tools/federation-types): tsc's
 * declarations, made in a process of its own while rspack compiles, and only when a file they come from changed.
 * The build fails if they cannot be made.
 */
export class PublishTypesPlugin {
  constructor(private readonly packageDir: string) {}

  apply(compiler: Compiler) {
    let publishing: Promise<void> | null = null;
    compiler.hooks.beforeCompile.tap('PublishTypesPlugin', () => {
      publishing = this.publish();
    });
    compiler.hooks.afterEmit.tapPromise('PublishTypesPlugin', async (compilation) => {
      await publishing;
      // A release builds elsewhere (`--output-path`): each published version carries the types of its own sources.
      const outputDir = compilation.outputOptions.path;
      const typesDir = path.join(this.packageDir, 'dist', TYPES_FOLDER);
      if (outputDir && path.resolve(outputDir) !== path.dirname(typesDir)) {
        cpSync(typesDir, path.join(outputDir, TYPES_FOLDER), { recursive: true, filter: (source) => !path.basename(source).startsWith('.') });
      }
    });
  }

  private publish(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [PUBLISH_TYPES, path.basename(this.packageDir)], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', reject);
      child.on('close', (status) => {
        const text = Buffer.concat(output).toString('utf8').trim();
        if (status === 0) {
          if (text) console.log(text);
          resolve();
        } else reject(new Error(`Publishing the types of ${path.basename(this.packageDir)} failed:\n${text}`));
      });
    });
  }
}
