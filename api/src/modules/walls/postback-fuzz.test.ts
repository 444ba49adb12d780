import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { verifyLedger } from '../ledger/ledger';
import { ayetSignedString, phpQueryParams } from './adapters/ayetstudios';
import { genericPostbackQuery } from './adapters/generic';
import { DEV_POSTBACK_SECRET } from './registry';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const RUNS = 150;

/** Text a hostile sender might put in a value, percent-encoded as a URL carries it (or not quite). */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('', ' ', '0', '-1', '1e9', '1.5', '1.2345', '99999999999999999999', 'NaN', '__proto__', 'constructor', '<script>', "' or 1=1 --", '%', '%zz', '%E0%A4%A', '\u0000', 'x'.repeat(3000)),
  fc.stringMatching(/^-?\d{1,12}(\.\d{0,6})?$/),
);
const encodeSometimes = (text: string, raw: boolean) => (raw ? text.replace(/[\s#?]/g, encodeURIComponent) : encodeURIComponent(text));

const NAMES = ['user_id', 'offer_id', 'event_id', 'txid', 'payout', 'status', 'sig', 'uid', 'tx', 'val', 'type', 'ref', 'hash', 'transaction_id', 'currency_amount', 'is_chargeback', 'x[]', 'a[b]', '__proto__', ''];

/** A query string: known and unknown names, repeats, hostile values, sometimes raw (malformed escapes). */
const hostileQuery = fc
  .array(fc.record({ name: fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 10 })), value: hostileText, raw: fc.boolean(), bare: fc.boolean() }), { maxLength: 12 })
  .map((pairs) => pairs.map(({ name, value, raw, bare }) => (bare ? encodeSometimes(name, raw) : `${encodeSometimes(name, raw)}=${encodeSometimes(value, raw)}`)).join('&'));

const WALLS = ['demo', 'offery', 'bitlabs', 'ayetstudios', 'nosuchwall', 'Demo', '..', '%2e%2e', 'a'.repeat(40)];

describe(`hostile postbacks on ${kind}`, () => {
  const { database, app } = useTestApp();
  let userId: number;

  beforeAll(async () => {
    userId = (await signUp(app())).user.id;
  });

  it('never answers 5xx to any query string on any wall', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WALLS), hostileQuery, fc.option(hostileText, { nil: undefined }), async (wall, query, header) => {
        const response = await app().inject({
          method: 'GET',
          url: `/api/postback/${wall}?${query}`,
          headers: header === undefined ? {} : { 'x-ayetstudios-security-hash': header.replace(/[^\x20-\x7e]/g, '') },
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toHaveProperty('status');
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to correctly signed postbacks with hostile values (they reach the database)', async () => {
    const fields = fc.record({
      user_id: fc.oneof(fc.constant(String(userId)), fc.stringMatching(/^\d{1,16}$/), hostileText),
      offer_id: fc.oneof(fc.constantFrom('dragon-forge-legends', 'solitaire-voyage', ''), hostileText),
      event_id: fc.oneof(fc.constantFrom('', 'install', 'level-5'), hostileText),
      txid: fc.oneof(fc.uuid(), fc.constantFrom('t1', 't2'), hostileText),
      payout: fc.oneof(fc.stringMatching(/^\d{1,5}(\.\d{1,3})?$/), hostileText),
      status: fc.constantFrom('1', '2') as fc.Arbitrary<'1' | '2'>,
    });
    await fc.assert(
      fc.asyncProperty(fields, async (values) => {
        const response = await app().inject({ method: 'GET', url: `/api/postback/demo?${genericPostbackQuery(DEV_POSTBACK_SECRET, values)}` });
        expect(response.statusCode).toBeLessThan(500);
        expect([200, 404, 422]).toContain(response.statusCode);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to signed provider callbacks with hostile values', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, hostileText, fc.constantFrom('COMPLETE', 'RECONCILIATION', 'SCREENOUT', '', 'x'), async (tx, val, offer, type) => {
        const target = `/api/postback/bitlabs?uid=${userId}&tx=${encodeURIComponent(tx)}&val=${encodeURIComponent(val)}&type=${type}&offer_id=${encodeURIComponent(offer)}`;
        const hash = createHmac('sha1', DEV_POSTBACK_SECRET).update(`http://localhost:80${target}`).digest('hex');
        const bitlabs = await app().inject({ method: 'GET', url: `${target}&hash=${hash}` });
        expect(bitlabs.statusCode).toBeLessThan(500);

        const query = `uid=${userId}&transaction_id=${encodeURIComponent(tx)}&currency_amount=${encodeURIComponent(val)}&offer_id=${encodeURIComponent(offer)}`;
        let signed: string;
        try {
          signed = ayetSignedString(phpQueryParams(query));
        } catch {
          signed = query;
        }
        const ayet = await app().inject({
          method: 'GET',
          url: `/api/postback/ayetstudios?${query}`,
          headers: { 'x-ayetstudios-security-hash': createHmac('sha256', DEV_POSTBACK_SECRET).update(signed).digest('hex') },
        });
        expect(ayet.statusCode).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves the ledger consistent after all of it', async () => {
    expect(await verifyLedger(database().db)).toEqual([]);
  });
});
