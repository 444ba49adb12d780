import { count } from 'drizzle-orm';
import { coinsToDollarString, dollarsToCoins } from '@rewards/shared/rules/money';
import { users } from '../db/schema';
import { findUserByEmail } from '../modules/account/repository';
import { MAX_OFFER_PAYOUT_COINS } from '../modules/earn/catalog';
import { appendLedgerEntry, verifyLedger } from '../modules/ledger/ledger';
import { defineCommand, OpsError, UsageError } from './command';

const dollars = (coins: number) => `${coins < 0 ? '-' : ''}$${coinsToDollarString(Math.abs(coins))}`;
const MAX_REASON_LENGTH = 500;

export const ledgerVerify = defineCommand({
  name: 'ledger:verify',
  usage: 'ledger:verify',
  summary: "checks that every user's balance equals the sum of their ledger rows (exit 1 on a mismatch)",
  parse: (args) => {
    if (args.length !== 0) throw new UsageError('ledger:verify takes no arguments');
    return {};
  },
  async run({ db, out }) {
    const mismatches = await verifyLedger(db);
    const [total] = await db.select({ value: count() }).from(users);
    if (mismatches.length === 0) {
      out.line(`OK: the balances of all ${total?.value ?? 0} users equal the sums of their ledger rows.`);
      return;
    }
    for (const { userId, balanceCoins, ledgerCoins } of mismatches) {
      out.line(`user ${userId}: balance ${dollars(balanceCoins)} (${balanceCoins} coins), ledger ${dollars(ledgerCoins)} (${ledgerCoins} coins)`);
    }
    throw new OpsError(`MISMATCH: ${mismatches.length} of ${total?.value ?? 0} users have a balance that differs from their ledger.`);
  },
});

export const usersCredit = defineCommand({
  name: 'users:credit',
  usage: 'users:credit <email> <dollars> --reason <text>',
  summary: 'credits a user (a manual_credit ledger row with the reason)',
  parse: (args) => {
    const [email, amount, flag, ...words] = args;
    const reason = words.join(' ').trim();
    if (!email || !amount || flag !== '--reason' || reason === '') throw new UsageError('users:credit takes an email, an amount of dollars and --reason <text>');
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new UsageError(`"${email}" is not an email address`);
    const coins = dollarsToCoins(amount);
    if (coins === null || coins <= 0 || coins > MAX_OFFER_PAYOUT_COINS) throw new UsageError(`"${amount}" is not an amount of dollars from 0.001 to 10000 (like 2.50)`);
    if (reason.length > MAX_REASON_LENGTH) throw new UsageError(`the reason may be at most ${MAX_REASON_LENGTH} characters`);
    return { email: email.trim().toLowerCase(), coins, reason };
  },
  async run({ db, out, tellWallets }, { email, coins, reason }) {
    const user = await findUserByEmail(db, email);
    if (!user) throw new OpsError(`No user with email ${email}`);
    const { balanceCoins } = await appendLedgerEntry(db, { userId: user.id, amountCoins: coins, kind: 'manual_credit', note: reason });
    out.line(`Credited ${dollars(coins)} to ${email} (${reason}); the balance is now ${dollars(balanceCoins)}.`);
    await tellWallets([user.id]);
  },
});
