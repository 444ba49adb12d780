import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { captureMailer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { verifyLedger } from '../ledger/ledger';
import { ayetSignedString, phpQueryParams, phpUrlencode } from './adapters/ayetstudios';
import { bitlabsHashValid } from './adapters/bitlabs';
import { balanceCoins, ledgerRows } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const BITLABS_SECRET = 'test-bitlabs-app-secret';
const AYET_KEY = 'test-ayet-publisher-api-key';
const PUBLIC_URL = 'https://earnly.example';

describe('BitLabs hash (developer.bitlabs.ai example)', () => {
  it('accepts the documented example callback and rejects it changed', () => {
    const secret = 'JLOIAUNMHFli7ZJOQVEzm98rzqnm9';
    const path = '/complete?uid=8cc877ee-af19-488d-b28d-216fb866b996&val=500&hash=dbcd6bb8ca677344592842a52b4fca9bec36cd4b';
    expect(bitlabsHashValid(secret, ['https://publisher.com'], path)).toBe(true);
    expect(bitlabsHashValid(secret, ['http://publisher.com'], path)).toBe(false);
    expect(bitlabsHashValid(secret, ['https://publisher.com'], path.replace('val=500', 'val=5000'))).toBe(false);
    expect(bitlabsHashValid('other', ['https://publisher.com'], path)).toBe(false);
  });
});

describe("ayeT-Studios' PHP query string", () => {
  it('encodes like urlencode / http_build_query and sorts by name', () => {
    expect(phpUrlencode('a b~*!\'()-_.é')).toBe('a+b%7E%2A%21%27%28%29-_.%C3%A9');
    const params = phpQueryParams('uid=7&offer_name=Dragon+Forge%21&currency_amount=360&amount=x%ZZ');
    expect(params.get('offer_name')).toBe('Dragon Forge!');
    expect(params.get('amount')).toBe('x%ZZ');
    expect(ayetSignedString(params)).toBe('amount=x%25ZZ&currency_amount=360&offer_name=Dragon+Forge%21&uid=7');
  });

  it('refuses names PHP would turn into arrays', () => {
    expect(() => phpQueryParams('uid[]=1')).toThrow('Unsupported parameter name');
  });
});

describe(`provider postbacks on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({
      database: database(),
      mailer: captureMailer(),
      env: { RATE_LIMITS: 'off', PUBLIC_URL, POSTBACK_SECRET_BITLABS: BITLABS_SECRET, POSTBACK_SECRETS: `ayetstudios:${AYET_KEY}` },
    });
  });
  afterAll(() => app.close());
  const db = () => database().db;

  describe('BitLabs: GET /api/postback/bitlabs', () => {
    /** A callback as BitLabs sends it: our configured URL with its values, then &hash= of the whole URL. */
    function bitlabsUrl(query: string, { secret = BITLABS_SECRET, origin = PUBLIC_URL } = {}): string {
      const target = `/api/postback/bitlabs?${query}`;
      return `${target}&hash=${createHmac('sha1', secret).update(`${origin}${target}`).digest('hex')}`;
    }
    const call = (url: string) => app.inject({ method: 'GET', url });

    it('credits a COMPLETE callback (val in coins) once, with the offer name for the ticker', async () => {
      const { user } = await signUp(app);
      const url = bitlabsUrl(`uid=${user.id}&tx=bl-1-${user.id}&val=850&raw=0.85&type=COMPLETE&ref=&offer_id=5521&task_id=81&offer_name=Castle%20Quest%20-%20Level%2010`);
      const first = await call(url);
      expect([first.statusCode, first.json()]).toEqual([200, { status: 'success', message: 'Conversion credited.' }]);
      expect((await call(url)).json().message).toBe('Conversion already credited.');
      expect(await balanceCoins(db(), user.id)).toBe(850);
      expect(await ledgerRows(db(), user.id)).toEqual([
        expect.objectContaining({ kind: 'offer_credit', amountCoins: 850, reference: `bitlabs:bl-1-${user.id}`, note: 'bitlabs: Castle Quest - Level 10' }),
      ]);
    });

    it('credits SCREENOUT and START_BONUS, ignores a $0 complete and other states, and verifies against the request host too', async () => {
      const { user } = await signUp(app);
      expect((await call(bitlabsUrl(`uid=${user.id}&tx=so-${user.id}&val=50&raw=0.05&type=SCREENOUT`))).json().message).toBe('Conversion credited.');
      expect((await call(bitlabsUrl(`uid=${user.id}&tx=sb-${user.id}&val=200&raw=0&type=START_BONUS`))).json().message).toBe('Conversion credited.');
      const zero = await call(bitlabsUrl(`uid=${user.id}&tx=z-${user.id}&val=0&raw=0&type=COMPLETE`));
      expect([zero.statusCode, zero.json().message]).toEqual([200, 'Nothing to credit.']);
      const pending = await call(bitlabsUrl(`uid=${user.id}&tx=p-${user.id}&val=500&raw=0.5&type=PENDING`));
      expect([pending.statusCode, pending.json().message]).toEqual([200, 'Callback of type PENDING acknowledged; nothing to credit.']);
      // Signed for the address the request came to (no proxy): inject's Host is localhost:80.
      const direct = await call(bitlabsUrl(`uid=${user.id}&tx=d-${user.id}&val=10&type=COMPLETE`, { origin: 'http://localhost:80' }));
      expect(direct.statusCode).toBe(200);
      expect(await balanceCoins(db(), user.id)).toBe(260);
    });

    it('a RECONCILIATION reverses the credit named by ref, once, with its negative value', async () => {
      const { user } = await signUp(app);
      await call(bitlabsUrl(`uid=${user.id}&tx=o-${user.id}&val=1200&raw=1.2&type=COMPLETE&offer_id=77`));
      const reconciliation = bitlabsUrl(`uid=${user.id}&tx=or-${user.id}&val=-1200&raw=-1.2&type=RECONCILIATION&ref=o-${user.id}`);
      expect((await call(reconciliation)).json()).toEqual({ status: 'success', message: 'Conversion reversed.' });
      expect((await call(reconciliation)).json().message).toBe('Conversion already reversed.');
      expect(await balanceCoins(db(), user.id)).toBe(0);
      const unknown = await call(bitlabsUrl(`uid=${user.id}&tx=x-${user.id}&val=-5&type=RECONCILIATION&ref=never-${user.id}`));
      expect(unknown.statusCode).toBe(404);
    });

    it('403 for a wrong, missing or misplaced hash; 422 for a malformed one; 404 for an unknown user; nothing changes', async () => {
      const { user } = await signUp(app);
      const query = `uid=${user.id}&tx=h-${user.id}&val=900&type=COMPLETE`;
      const good = bitlabsUrl(query);
      for (const url of [
        bitlabsUrl(query, { secret: 'wrong' }),
        good.replace('val=900', 'val=9000'),
        `/api/postback/bitlabs?${query}`,
        good.replace(/&hash=([0-9a-f]+)$/, '&hash=$1&x=1'),
        good.replace(/&hash=[0-9a-f]+$/, `&hash=${'0'.repeat(40)}`),
      ]) {
        const response = await call(url);
        expect([url, response.statusCode, response.json()]).toEqual([url, 403, { status: 'error', code: 'invalid_signature', message: 'Invalid signature.' }]);
      }
      expect((await call(bitlabsUrl(`uid=abc&tx=m-${user.id}&val=900`))).statusCode).toBe(422);
      expect((await call(bitlabsUrl(`uid=${user.id}&tx=m-${user.id}&val=lots`))).statusCode).toBe(422);
      expect((await call(bitlabsUrl(`uid=${user.id}&val=900`))).statusCode).toBe(422);
      expect((await call(bitlabsUrl(`uid=987654321&tx=u-${user.id}&val=900&type=COMPLETE`))).statusCode).toBe(404);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('ayeT-Studios: GET /api/postback/ayetstudios', () => {
    /** A conversion callback with ayeT's header: HMAC-SHA256 of the parameters sorted by name. */
    function ayetRequest(params: Record<string, string>, { key = AYET_KEY, order }: { key?: string; order?: string[] } = {}) {
      const names = order ?? Object.keys(params);
      const query = names.map((name) => `${phpUrlencode(name)}=${phpUrlencode(params[name]!)}`).join('&');
      const sorted = [...Object.keys(params)].sort().map((name) => `${phpUrlencode(name)}=${phpUrlencode(params[name]!)}`).join('&');
      const hash = createHmac('sha256', key).update(sorted).digest('hex');
      return { method: 'GET' as const, url: `/api/postback/ayetstudios?${query}`, headers: { 'X-Ayetstudios-Security-Hash': hash } };
    }
    const conversion = (uid: number, transactionId: string, extra: Record<string, string> = {}) => ({
      uid: String(uid),
      transaction_id: transactionId,
      currency_amount: '360',
      payout_usd: '0.36',
      offer_id: '123456',
      offer_name: 'Tower Tycoon: build 30 floors',
      is_chargeback: '0',
      ...extra,
    });

    it('credits a conversion once (currency_amount in coins, any parameter order)', async () => {
      const { user } = await signUp(app);
      const params = conversion(user.id, `ayet-${user.id}`);
      const first = await app.inject(ayetRequest(params, { order: ['offer_name', 'uid', 'currency_amount', 'transaction_id', 'is_chargeback', 'payout_usd', 'offer_id'] }));
      expect([first.statusCode, first.json()]).toEqual([200, { status: 'success', message: 'Conversion credited.' }]);
      expect((await app.inject(ayetRequest(params))).json().message).toBe('Conversion already credited.');
      expect(await ledgerRows(db(), user.id)).toEqual([
        expect.objectContaining({ kind: 'offer_credit', amountCoins: 360, reference: `ayetstudios:ayet-${user.id}`, note: 'ayetstudios: Tower Tycoon: build 30 floors' }),
      ]);
    });

    it('a chargeback (is_chargeback=1, same transaction_id) reverses it once', async () => {
      const { user } = await signUp(app);
      await app.inject(ayetRequest(conversion(user.id, `ayet-cb-${user.id}`, { currency_amount: '2500' })));
      const chargeback = ayetRequest(conversion(user.id, `ayet-cb-${user.id}`, { currency_amount: '-2500', is_chargeback: '1', chargeback_reason: 'Fraud detected' }));
      expect((await app.inject(chargeback)).json().message).toBe('Conversion reversed.');
      expect((await app.inject(chargeback)).json().message).toBe('Conversion already reversed.');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('403 for a wrong or missing hash or a changed parameter; 422 when malformed; nothing changes', async () => {
      const { user } = await signUp(app);
      const params = conversion(user.id, `ayet-bad-${user.id}`);
      const wrongKey = ayetRequest(params, { key: 'wrong' });
      const missing = { ...ayetRequest(params), headers: {} };
      const changed = ayetRequest(params);
      changed.url = changed.url.replace('currency_amount=360', 'currency_amount=36000');
      for (const request of [wrongKey, missing, changed]) {
        const response = await app.inject(request);
        expect([response.statusCode, response.json()]).toEqual([403, { status: 'error', code: 'invalid_signature', message: 'Invalid signature.' }]);
      }
      expect((await app.inject(ayetRequest({ ...params, uid: 'someone' }))).statusCode).toBe(422);
      expect((await app.inject(ayetRequest({ ...params, currency_amount: 'many' }))).statusCode).toBe(422);
      const arrayName = ayetRequest(params);
      arrayName.url += '&x[]=1';
      expect((await app.inject(arrayName)).statusCode).toBe(422);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('after all of it', () => {
    it('keeps the ledger invariant', async () => {
      expect(await verifyLedger(db())).toEqual([]);
    });
  });
});
