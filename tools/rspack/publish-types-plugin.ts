import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

const PUBLISH_TYPES = path.join(__dirname, '..', 'federation-types', 'published-types.cjs');

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
    compiler.hooks.afterEmit.tapPromise('PublishTypesPlugin', async () => {
      await publishing;
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
