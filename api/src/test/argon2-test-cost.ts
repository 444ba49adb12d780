// Jest maps `@node-rs/argon2` to this file (jest.config.cjs); the server, `pnpm start` and the processes tests
// start load the library itself. The same argon2id with a test-sized cost: the ~500 hashes and verifications of
// a run of the API tests cost ~10 ms each with the library's defaults (19 MiB, 2 passes), 25 s per run on a
// loaded machine. Verifying reads the cost from the stored hash, so a password hashed here is checked the same
// way, and the dummy hash of an unknown email costs what a user's does. No test asserts the cost itself.
import { type Options, hash as hashWithOptions } from '@node-rs/argon2/index.js';

export * from '@node-rs/argon2/index.js';

/** 1 MiB, one pass (the library's defaults: 19 MiB, two passes). */
const TEST_COST: Options = { memoryCost: 1024, timeCost: 1 };

export function hash(password: string | Uint8Array, options?: Options | null, abortSignal?: AbortSignal | null): Promise<string> {
  return hashWithOptions(password, { ...TEST_COST, ...options }, abortSignal);
}
