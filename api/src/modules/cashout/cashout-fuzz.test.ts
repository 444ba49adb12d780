import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { readCashoutAmount } from '@rewards/shared/rules/cashout-amount';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { captureMailer } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { balanceOf, verifyLedger } from '../ledger/ledger';
import { databaseKind, fundedUser, storeRequest } from '../../test/cashout-test-kit';

const WALLETS = ['stake', 'visa', 'paypal', 'letcoin', 'payeer'] as const;

/** Amounts a form, a script or an attacker might send. */
const amount = fc.oneof(
  fc.integer({ min: 0, max: 3_000 }).map((cents) => cents / 100),
  fc.integer({ min: 0, max: 3_000 }).map((cents) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`),
  fc.double({ noNaN: false }),
  fc.stringMatching(/^-?\d{0,12}(\.\d{0,5})?$/),
  fc.constantFrom('', ' ', '1e3', '0x10', '1,50', 'Infinity', '-0', '00.25', '.25', '9'.repeat(400), null, true, [], { value: 1 }),
  fc.string(),
);

const account = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('pat@example.com', ' pat@example.com ', 'high_roller', 'P1000000', '', '   ', 'a\nb', '\u0000', 'x'.repeat(201), null),
  fc.string({ maxLength: 250 }),
  fc.integer(),
);

const wallet = fc.oneof(
  fc.constantFrom(...WALLETS),
  fc.constantFrom('PAYPAL', ' stake ', 'bitcoin', '', '__proto__', 'constructor'),
  fc.string(),
  fc.constant(undefined),
  fc.integer(),
);

/** A body that would pass, with at most one field replaced or dropped: most of these reach the database. */
const nearlyValid = fc
  .record({
    method: fc.constantFrom(...WALLETS),
    cents: fc.integer({ min: 20, max: 3_000 }),
    asText: fc.boolean(),
    replaced: fc.dictionary(fc.constantFrom('wallet', 'amount', 'account'), fc.option(fc.oneof(wallet, amount, account), { nil: undefined }), {
      maxKeys: 1,
    }),
  })
  .map(({ method, cents, asText, replaced }) => ({
    wallet: method,
    amount: asText ? `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}` : cents / 100,
    account: method === 'paypal' || method === 'visa' ? 'pat@example.com' : 'high_roller',
    ...replaced,
  }));

const body = fc.oneof(
  { arbitrary: nearlyValid, weight: 6 },
  { arbitrary: fc.record({ wallet, amount, account }, { requiredKeys: [] }), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.constantFrom('wallet', 'amount', 'account', '__proto__', 'status', 'user_id'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
    weight: 1,
  },
);

const raw = fc.oneof(
  { arbitrary: body.map((value) => JSON.stringify(value) ?? 'null'), weight: 8 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 1 },
);

const idempotencyKey = fc.option(fc.oneof(fc.uuid(), fc.constantFrom('k1', 'k2', 'k3'), fc.stringMatching(/^[\x20-\x7e]{0,110}$/)), {
  nil: undefined,
  freq: 2,
});

describe(`Cashout/Store with random bodies on ${databaseKind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', CASHOUT_DAILY_LIMIT_DOLLARS: '1000000' } });
  });
  afterAll(() => app.close());

  it('never answers 5xx, and changes the balance only when it answered success, by exactly the amount', async () => {
    const { token, user } = await fundedUser(app, database().db, 100_000_000); // $100,000: refusals come from the body, rarely from the balance
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(raw, idempotencyKey, async (payload, key) => {
        const before = await balanceOf(database().db, user.id);
        const response = await app.inject(storeRequest(token, payload, key));
        const after = await balanceOf(database().db, user.id);
        expect(response.statusCode).toBeLessThan(500);
        const answer = response.json();
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(answer).toMatchObject({ status: 'error', message: expect.any(String) });
          expect(after).toBe(before);
          return;
        }
        const { cashout, new_balance } = answer.data;
        const parsed = readCashoutAmount(JSON.parse(payload).amount);
        if (!parsed.ok) throw new Error(`accepted an amount it should refuse: ${payload}`);
        expect(cashout.amount).toBe(coinsToDollarString(parsed.coins));
        if (seen.has(cashout.id)) {
          expect(after).toBe(before); // a replay pays nothing
        } else {
          seen.add(cashout.id);
          expect(before - after).toBe(parsed.coins);
          expect(new_balance).toBe(coinsToDollarString(after));
        }
      }),
      { numRuns: databaseKind === 'PostgreSQL' ? 400 : 250 },
    );
    // Enough of the bodies were good ones for the money side to have been exercised.
    expect(seen.size).toBeGreaterThan(20);
    expect(await verifyLedger(database().db)).toEqual([]);
    // 400 requests on PostgreSQL: over 30 s once, beside the whole test command.
  }, 120_000);
});
