import { count } from 'drizzle-orm';
import { coinsToDollarString, dollarsToCoins } from '@rewards/shared/rules/money';
import { users } from '../db/schema';
import { MAX_OFFER_PAYOUT_COINS } from '../modules/earn/catalog';
import { appendLedgerEntry, verifyLedger } from '../modules/ledger/ledger';
import { defineCommand, OpsError, UsageError } from './command';
import { noArguments } from './options';
import { parseEmail, userConcerned } from './users';

const dollars = (coins: number) => `${coins < 0 ? '-' : ''}$${coinsToDollarString(Math.abs(coins))}`;
const signedDollars = (coins: number) => `${coins < 0 ? '-' : ''}${coinsToDollarString(Math.abs(coins))}`;

export const ledgerVerify = defineCommand({
  name: 'ledger:verify',
  usage: 'ledger:verify',
  summary: "checks that every user's balances (available and held) equal the sums of their ledger rows (exit 1 on a mismatch)",
  reason: 'none',
  parse: noArguments('ledger:verify'),
  async run({ db, out }) {
    const mismatches = await verifyLedger(db);
    const [total] = await db.select({ value: count() }).from(users);
    const checked = total?.value ?? 0;
    if (mismatches.length === 0) {
      out.line(`OK: the balances of all ${checked} users equal the sums of their ledger rows.`);
      return { users: checked, mismatches: [] };
    }
    for (const { userId, balanceCoins, ledgerCoins, heldCoins, ledgerHeldCoins } of mismatches) {
      const held = heldCoins === ledgerHeldCoins ? '' : `; held ${dollars(heldCoins)} (${heldCoins} coins), ledger ${dollars(ledgerHeldCoins)} (${ledgerHeldCoins} coins)`;
      out.line(`user ${userId}: balance ${dollars(balanceCoins)} (${balanceCoins} coins), ledger ${dollars(ledgerCoins)} (${ledgerCoins} coins)${held}`);
    }
    const details = {
      users: checked,
      mismatches: mismatches.map(({ userId, balanceCoins, ledgerCoins, heldCoins, ledgerHeldCoins }) => ({
        user_id: userId,
        balance: signedDollars(balanceCoins),
        balance_coins: balanceCoins,
        ledger: signedDollars(ledgerCoins),
        ledger_coins: ledgerCoins,
        held: signedDollars(heldCoins),
        held_coins: heldCoins,
        ledger_held: signedDollars(ledgerHeldCoins),
        ledger_held_coins: ledgerHeldCoins,
      })),
    };
    throw new OpsError(`MISMATCH: ${mismatches.length} of ${checked} users have a balance that differs from their ledger.`, details);
  },
});

export const usersCredit = defineCommand({
  name: 'users:credit',
  usage: 'users:credit <email> <dollars> --reason <text>',
  summary: 'credits a user (a manual_credit ledger row with the reason)',
  reason: 'required',
  parse: (args) => {
    const [email, amount] = args;
    if (args.length !== 2 || !email || !amount) throw new UsageError('users:credit takes an email, an amount of dollars and --reason <text>');
    const coins = dollarsToCoins(amount, { maxCoins: MAX_OFFER_PAYOUT_COINS });
    if (!coins) throw new UsageError(`"${amount}" is not an amount of dollars from 0.001 to 10000 (like 2.50)`);
    return { email: parseEmail(email), coins };
  },
  async run(context, { email, coins }) {
    const { db, out, tellWallets, reason } = context;
    const user = await userConcerned(context, email);
    const { entryId, balanceCoins } = await appendLedgerEntry(db, { userId: user.id, amountCoins: coins, kind: 'manual_credit', note: reason ?? null });
    out.line(`Credited ${dollars(coins)} to ${email} (${reason}); the balance is now ${dollars(balanceCoins)}.`);
    await tellWallets([user.id]);
    return {
      user_id: user.id,
      email,
      amount: coinsToDollarString(coins),
      amount_coins: coins,
      balance: coinsToDollarString(balanceCoins),
      balance_coins: balanceCoins,
      ledger_entry_id: entryId,
    };
  },
});
