import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repositoryRoot } from './site';

export type OidcAccount = { sub: string; email: string; email_verified: boolean; name: string };

export type LocalOidcProvider = {
  issuer: string;
  /** Who signs in on the provider's next login (its login and consent pages are skipped). */
  signsInNext(account: OidcAccount): Promise<void>;
  stop(): void;
};

/** The API tests' local OpenID provider (oidc-provider), as a child process, for one client. */
export async function startOidcProvider(client: { id: string; secret: string; redirectUri: string }): Promise<LocalOidcProvider> {
  const fixture = path.join(repositoryRoot, 'api', 'src', 'test', 'oidc-provider-fixture.mjs');
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, REDIRECT_URI: client.redirectUri, CLIENT_ID: client.id, CLIENT_SECRET: client.secret, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}): ${errors}`)));
  });
  return {
    issuer,
    async signsInNext(account) {
      const response = await fetch(`${issuer}/__next-account`, { method: 'PUT', body: JSON.stringify(account) });
      if (!response.ok) throw new Error(`the OpenID provider answered ${response.status}`);
    },
    stop: () => child.kill(),
  };
}
