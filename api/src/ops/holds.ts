import { coinsToDollarString } from '@rewards/shared/rules/money';
import { listHeld } from '../modules/holds/repository';
import { releaseHoldsOf } from '../modules/holds/release';
import { defineCommand, UsageError } from './command';
import { readOptions, rowLimit } from './options';
import { countLine } from './output';
import { parseEmail, userConcerned } from './users';

const DEFAULT_LIST_LIMIT = 50;

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;
const when = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const holdsList = defineCommand({
  name: 'holds:list',
  usage: 'holds:list [--user <email>] [--limit <n>]',
  summary: `credits still held, soonest release first (default ${DEFAULT_LIST_LIMIT} rows): whose, how much, why, until when`,
  reason: 'none',
  parse: (args) => {
    const options = readOptions(args, { '--user': parseEmail, '--limit': rowLimit() });
    return { email: options['--user'], limit: options['--limit'] ?? DEFAULT_LIST_LIMIT };
  },
  async run(context, { email, limit }) {
    const user = email === undefined ? undefined : await userConcerned(context, email);
    const rows = await listHeld(context.db, { userId: user?.id, limit });
    const result = rows.map((row) => ({
      id: row.id,
      email: row.email,
      reference: row.reference,
      amount: coinsToDollarString(row.coins),
      amount_coins: row.coins,
      reason: row.reason,
      held_at: row.heldAt.toISOString(),
      release_at: row.releaseAt.toISOString(),
    }));
    if (rows.length === 0) {
      context.out.line(email ? `No held credits of ${email}.` : 'No held credits.');
      return result;
    }
    context.out.table(
      ['id', 'user', 'credit', 'amount', 'why', 'held', 'available on'],
      rows.map((row) => [row.id, row.email, row.reference, dollars(row.coins), row.reason, when(row.heldAt), when(row.releaseAt)]),
    );
    context.out.line('');
    const total = rows.reduce((sum, row) => sum + row.coins, 0);
    context.out.line(countLine(rows.length, limit, ['held credit', 'held credits'], { order: 'first', extra: `, ${dollars(total)}` }));
    return result;
  },
});

export const holdsRelease = defineCommand({
  name: 'holds:release',
  usage: 'holds:release --user <email> --reason <text>',
  summary: "makes all of a user's held credits available now (each once, as a hold_release ledger row)",
  reason: 'required',
  parse: (args) => {
    const email = readOptions(args, { '--user': parseEmail })['--user'];
    if (email === undefined) throw new UsageError('holds:release takes --user <email> and --reason <text>');
    return { email };
  },
  async run(context, { email }) {
    const user = await userConcerned(context, email);
    const { released, wallets, notifications } = await releaseHoldsOf(context.db, user.id);
    context.notified(notifications);
    const coins = released.reduce((sum, hold) => sum + hold.coins, 0);
    const wallet = wallets[0];
    if (released.length === 0) {
      context.out.line(`${email} has no held credits.`);
    } else {
      context.out.line(`Released ${released.length} held ${released.length === 1 ? 'credit' : 'credits'} of ${email}: ${dollars(coins)} available now; the balance is ${dollars(wallet!.balanceCoins)}.`);
      await context.tellWallets([user.id]);
    }
    return {
      user_id: user.id,
      email,
      released: released.map((hold) => ({ reference: hold.reference, amount: coinsToDollarString(hold.coins), amount_coins: hold.coins })),
      amount: coinsToDollarString(coins),
      amount_coins: coins,
      ...(wallet ? { balance: coinsToDollarString(wallet.balanceCoins), balance_coins: wallet.balanceCoins, pending: coinsToDollarString(wallet.heldCoins) } : {}),
    };
  },
});
