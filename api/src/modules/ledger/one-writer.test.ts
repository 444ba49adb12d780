// Money has one writer: no code outside this folder changes a balance. Every statement that moves
// users.balance_coins is built from balanceMoves (balance-moves.ts) or books through ledger.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const apiDir = path.join(__dirname, '..', '..', '..');
const ledgerDir = path.join(__dirname);

/** A write of the balance column, as SQL or through drizzle's update builder. */
const BALANCE_WRITE = /(?<![.\w])balance_coins\s*=(?!=)|\.set\(\s*\{[^}]*\bbalanceCoins\b/s;

function sourcesOf(dir: string): string[] {
  return readdirSync(path.join(apiDir, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(apiDir, dir, file));
}

describe('the one writer of money', () => {
  it('finds a balance write in balance-moves.ts (the check can see one)', () => {
    expect(BALANCE_WRITE.test(readFileSync(path.join(ledgerDir, 'balance-moves.ts'), 'utf8'))).toBe(true);
  });

  it('finds none outside api/src/modules/ledger/', () => {
    const writers = [...sourcesOf('src'), ...sourcesOf('bench'), ...sourcesOf('fuzz')]
      .filter((file) => !file.startsWith(ledgerDir + path.sep))
      .filter((file) => BALANCE_WRITE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(apiDir, file));
    expect(writers).toEqual([]);
  });
});
