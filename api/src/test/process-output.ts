import { spawn, type SpawnOptions } from 'node:child_process';

export type ProcessOutput = { code: number | null; stdout: string; stderr: string };

/** Runs a command to its end (say, the ops command line) and answers its exit code and what it wrote. */
export function runToEnd(command: string, args: readonly string[], options: SpawnOptions): Promise<ProcessOutput> {
  return new Promise<ProcessOutput>((resolve, reject) => {
    const child = spawn(command, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
