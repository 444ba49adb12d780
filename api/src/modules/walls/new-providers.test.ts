import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { captureMailer, distinctAddress, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { verifyLedger } from '../ledger/ledger';
import { balanceCoins, INJECT_ORIGIN, ledgerRows } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SECRETS = { cpx: 'cpx-secure-hash', torox: 'torox-app-key', lootably: 'lootably-postback-secret', notik: 'notik-app-secret', adgate: 'adgate-url-token-7Qz', revlum: 'revlum-secret-key' };

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * Each provider's callback built here straight from its documentation's formula (not with our adapter's
 * sign()), so a misreading of the format in the adapter fails these tests.
 */
const documented = {
  cpx: (p: { status: '1' | '2'; trans_id: string; user_id: number; amount_local: string }, secret = SECRETS.cpx) =>
    `/api/postback/cpx?${query({ status: p.status, trans_id: p.trans_id, user_id: String(p.user_id), amount_local: p.amount_local, amount_usd: '0.35', offer_id: '9521', type: 'complete', ip_click: '203.0.113.9', hash: md5(`${p.trans_id}-${secret}`) })}`,
  torox: (p: { id: string; oid: string; user_id: number; amount: string }, secret = SECRETS.torox) =>
    `/api/postback/torox?${query({ id: p.id, oid: p.oid, amount: p.amount, currency_name: 'Coins', user_id: String(p.user_id), payout: '0.80', o_name: 'Tile Town - reach level 20', sig: md5(`${p.oid}-${p.user_id}-${secret}`) })}`,
  lootably: (p: { userID: number; transactionID: string; currencyReward: string; status?: string }, secret = SECRETS.lootably) => {
    const values = { userID: String(p.userID), ip: '203.0.113.20', revenue: '1.25', currencyReward: p.currencyReward };
    return `/api/postback/lootably?${query({ ...values, transactionID: p.transactionID, offerID: 'lt-77', offerName: 'Coin Quest', goalID: '', status: p.status ?? '1', hash: sha256(`${values.userID}${values.ip}${values.revenue}${values.currencyReward}${secret}`) })}`;
  },
  notik: (p: Record<string, string>, secret = SECRETS.notik) => {
    const target = `/api/postback/notik?${query(p)}`;
    return `${target}&hash=${createHmac('sha1', secret).update(`${INJECT_ORIGIN}${target}`).digest('hex')}`;
  },
  adgate: (p: { conversion_id: string; s1: number; points: string; state: string }, token = SECRETS.adgate) =>
    `/api/postback/adgate/${token}?${query({ conversion_id: p.conversion_id, s1: String(p.s1), points: p.points, payout: '0.42', offer_id: '4433', vc_title: 'Spin City', state: p.state })}`,
  revlum: (p: { subId: number; transId: string; reward: string; status: '1' | '2'; debug?: string }, secret = SECRETS.revlum) =>
    query({ subId: String(p.subId), transId: p.transId, offerId: '1354', offerName: 'Revlum - Sign up and Earn', event_id: '', reward: p.reward, payout: '0.100000', userIp: '192.0.2.1', country: 'US', status: p.status, debug: p.debug ?? '0', signature: md5(`${p.subId}${p.transId}${p.reward}${secret}`) }),
};

describe(`the new providers' callbacks on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  const db = () => database().db;
  const get = (url: string) => app.inject({ method: 'GET', url });
  const newUser = async () => (await signUp(app, {}, { from: distinctAddress() })).user;

  beforeAll(async () => {
    const env = Object.fromEntries(Object.entries(SECRETS).map(([wall, secret]) => [`POSTBACK_SECRET_${wall.toUpperCase()}`, secret]));
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', ...env } });
  });
  afterAll(() => app.close());

  describe('CPX Research (md5 of trans_id-secret; status 1 / 2)', () => {
    it('credits amount_local once, answers repeats 200, reverses with status 2 once; our JSON envelope', async () => {
      const user = await newUser();
      const credit = documented.cpx({ status: '1', trans_id: `cpx-${user.id}`, user_id: user.id, amount_local: '350' });
      const first = await get(credit);
      expect([first.statusCode, first.json()]).toEqual([200, { status: 'success', message: 'Conversion credited.' }]);
      expect((await get(credit)).json().message).toBe('Conversion already credited.');
      expect(await balanceCoins(db(), user.id)).toBe(350);
      const reversal = documented.cpx({ status: '2', trans_id: `cpx-${user.id}`, user_id: user.id, amount_local: '350' });
      expect((await get(reversal)).json().message).toBe('Conversion reversed.');
      expect((await get(reversal)).json().message).toBe('Conversion already reversed.');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('403 for a hash made with another secret or over another transaction', async () => {
      const user = await newUser();
      for (const url of [
        documented.cpx({ status: '1', trans_id: `cpx-w-${user.id}`, user_id: user.id, amount_local: '350' }, 'wrong'),
        documented.cpx({ status: '1', trans_id: `cpx-w-${user.id}`, user_id: user.id, amount_local: '350' }).replace(`trans_id=cpx-w-${user.id}`, `trans_id=cpx-x-${user.id}`),
      ]) {
        expect((await get(url)).statusCode).toBe(403);
      }
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('Torox (md5 of oid-user_id-secret; a negative amount reverses)', () => {
    it('credits once, answers 1, reverses with a negative amount of the same id', async () => {
      const user = await newUser();
      const credit = documented.torox({ id: `tx-${user.id}`, oid: '51234', user_id: user.id, amount: '800' });
      const first = await get(credit);
      expect([first.statusCode, first.body, first.headers['content-type']]).toEqual([200, '1', 'text/plain; charset=utf-8']);
      expect((await get(credit)).body).toBe('1');
      expect(await ledgerRows(db(), user.id)).toEqual([expect.objectContaining({ amountCoins: 800, note: 'torox: Tile Town - reach level 20' })]);
      expect((await get(documented.torox({ id: `tx-${user.id}`, oid: '51234', user_id: user.id, amount: '-800' }))).body).toBe('1');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('refuses a wrong sig (403, "ERROR: …") and an oid holding the separator (422)', async () => {
      const user = await newUser();
      const wrong = await get(documented.torox({ id: `tw-${user.id}`, oid: '51234', user_id: user.id, amount: '800' }, 'wrong'));
      expect([wrong.statusCode, wrong.body]).toEqual([403, 'ERROR: Invalid signature.']);
      expect((await get(documented.torox({ id: `ts-${user.id}`, oid: '5-1234', user_id: user.id, amount: '800' }))).statusCode).toBe(422);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('Lootably (sha256 of userID ip revenue currencyReward secret; status 0 reverses)', () => {
    it('credits once, answers 1, reverses with status 0', async () => {
      const user = await newUser();
      const credit = documented.lootably({ userID: user.id, transactionID: `lt-${user.id}`, currencyReward: '1250' });
      expect([(await get(credit)).statusCode, (await get(credit)).body]).toEqual([200, '1']);
      expect(await balanceCoins(db(), user.id)).toBe(1250);
      expect((await get(documented.lootably({ userID: user.id, transactionID: `lt-${user.id}`, currencyReward: '1250', status: '0' }))).body).toBe('1');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('403 when a signed value changed', async () => {
      const user = await newUser();
      const url = documented.lootably({ userID: user.id, transactionID: `lt-c-${user.id}`, currencyReward: '1250' }).replace('currencyReward=1250', 'currencyReward=9250');
      expect((await get(url)).statusCode).toBe(403);
    });
  });

  describe('Notik (HMAC-SHA1 of the whole URL; chargebacks negative with rewarded_txn_id)', () => {
    it('credits once, answers 1, and a chargeback takes back the credit it names', async () => {
      const user = await newUser();
      const credit = documented.notik({ user_id: String(user.id), amount: '600', payout: '0.60', offer_id: 'n-1', offer_name: 'Solitaire Voyage', event_id: 'ev1', txn_id: `nt-${user.id}`, conversion_ip: '0.0.0.0' });
      expect([(await get(credit)).statusCode, (await get(credit)).body]).toEqual([200, '1']);
      expect(await ledgerRows(db(), user.id)).toEqual([expect.objectContaining({ amountCoins: 600, note: 'notik: Solitaire Voyage' })]);
      const chargeback = documented.notik({ user_id: String(user.id), amount: '-600', payout: '-0.60', offer_id: 'n-1', txn_id: `nt-cb-${user.id}`, rewarded_txn_id: `nt-${user.id}` });
      expect((await get(chargeback)).body).toBe('1');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('403 for a hash over another host, another secret, or a value changed after signing', async () => {
      const user = await newUser();
      const params = { user_id: String(user.id), amount: '600', txn_id: `nt-x-${user.id}` };
      const good = documented.notik(params);
      for (const url of [documented.notik(params, 'wrong'), good.replace('amount=600', 'amount=6000'), `/api/postback/notik?${query(params)}`]) {
        expect((await get(url)).statusCode).toBe(403);
      }
    });

    it("reads only the signed URL's parameters: a POST body changing amount, user or transaction, or making it a chargeback, is ignored", async () => {
      const user = await newUser();
      const other = await newUser();
      const signed = documented.notik({ user_id: String(user.id), amount: '600', payout: '0.60', offer_id: 'n-2', offer_name: 'Solitaire Voyage', txn_id: `nt-b-${user.id}` });
      const hostileBodies = [
        query({ amount: '600000', user_id: String(other.id), txn_id: `nt-evil-${user.id}` }),
        query({ amount: '-600', rewarded_txn_id: `nt-b-${user.id}` }),
        query({ rewarded_txn_id: `nt-b-${user.id}`, event_id: 'ev-x', offer_name: 'Someone else' }),
        '&&amount=1e9&=&__proto__=1',
      ];
      const answers = [];
      for (const payload of hostileBodies) {
        answers.push(await app.inject({ method: 'POST', url: signed, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload }));
      }
      expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual(Array(hostileBodies.length).fill([200, '1']));
      expect(await ledgerRows(db(), user.id)).toEqual([expect.objectContaining({ kind: 'offer_credit', amountCoins: 600, note: 'notik: Solitaire Voyage' })]);
      expect(await balanceCoins(db(), user.id)).toBe(600);
      expect(await ledgerRows(db(), other.id)).toEqual([]);
      // A body alone, with the query unsigned, is not a callback.
      const bodyOnly = await app.inject({ method: 'POST', url: '/api/postback/notik', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URL(signed, INJECT_ORIGIN).search.slice(1) });
      expect(bodyOnly.statusCode).toBe(422);
      expect(await balanceCoins(db(), user.id)).toBe(600);
    });
  });

  describe('AdGate Media (secret in the path; state approved / rejected / pending)', () => {
    it('credits an approved conversion once, acknowledges pending, reverses a rejected one', async () => {
      const user = await newUser();
      const pending = await get(documented.adgate({ conversion_id: `ag-${user.id}`, s1: user.id, points: '420', state: 'pending' }));
      expect([pending.statusCode, pending.json().message]).toEqual([200, 'Pending conversion acknowledged; credited once approved.']);
      const approved = documented.adgate({ conversion_id: `ag-${user.id}`, s1: user.id, points: '420', state: 'approved' });
      expect((await get(approved)).json().message).toBe('Conversion credited.');
      expect((await get(approved)).json().message).toBe('Conversion already credited.');
      expect((await get(documented.adgate({ conversion_id: `ag-${user.id}`, s1: user.id, points: '420', state: 'rejected' }))).json().message).toBe('Conversion reversed.');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('refuses a wrong or missing path token', async () => {
      const user = await newUser();
      const wrong = documented.adgate({ conversion_id: `agw-${user.id}`, s1: user.id, points: '420', state: 'approved' }, 'not-the-token');
      expect((await get(wrong)).statusCode).toBe(403);
      expect((await get(wrong.replace('/not-the-token', ''))).statusCode).toBe(403);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('Revlum (POSTed form; md5 of subId transId reward secret; answers ok)', () => {
    const post = (payload: string) => app.inject({ method: 'POST', url: '/api/postback/revlum', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

    it('credits once from the form body (GET works too), answers ok, charges back with status 2', async () => {
      const user = await newUser();
      const credit = documented.revlum({ subId: user.id, transId: `REV-${user.id}1`, reward: '25.0', status: '1' });
      const first = await post(credit);
      expect([first.statusCode, first.body]).toEqual([200, 'ok']);
      expect((await app.inject({ method: 'GET', url: `/api/postback/revlum?${credit}` })).body).toBe('ok');
      expect(await balanceCoins(db(), user.id)).toBe(25);
      expect((await post(documented.revlum({ subId: user.id, transId: `REV-${user.id}1`, reward: '25.0', status: '2' }))).body).toBe('ok');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('books nothing for a debug (test) postback', async () => {
      const user = await newUser();
      const response = await post(documented.revlum({ subId: user.id, transId: `REV-d-${user.id}`, reward: '25.0', status: '1', debug: '1' }));
      expect([response.statusCode, response.body]).toEqual([200, 'ok']);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });

    it('refuses a second reading of one signed text: digits moved from the reward into the transId (409)', async () => {
      const user = await newUser();
      // "REV-351" + "25.0" and "REV-3512" + "5.0" run together into the same signed text.
      expect((await post(documented.revlum({ subId: user.id, transId: `REV-${user.id}-351`, reward: '25.0', status: '1' }))).body).toBe('ok');
      const signature = md5(`${user.id}REV-${user.id}-35125.0${SECRETS.revlum}`);
      const shifted = query({ subId: String(user.id), transId: `REV-${user.id}-3512`, reward: '5.0', status: '1', signature });
      const replay = await post(shifted);
      expect([replay.statusCode, replay.body]).toEqual([409, 'ERROR: These signed values already booked another transaction.']);
      expect(await balanceCoins(db(), user.id)).toBe(25);
    });

    it('403 for a wrong signature; 422 for a parameter in both query and body', async () => {
      const user = await newUser();
      expect((await post(documented.revlum({ subId: user.id, transId: `REV-w-${user.id}`, reward: '25.0', status: '1' }, 'wrong'))).statusCode).toBe(403);
      const body = documented.revlum({ subId: user.id, transId: `REV-b-${user.id}`, reward: '25.0', status: '1' });
      const both = await app.inject({ method: 'POST', url: `/api/postback/revlum?subId=${user.id + 1}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
      expect(both.statusCode).toBe(422);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });
  });

  describe('Revlum in production: its signature covers neither status nor debug', () => {
    const production = { RATE_LIMITS: 'off', NODE_ENV: 'production', APP_SECRET: 'prod-app-secret', POSTBACK_SECRET_REVLUM: SECRETS.revlum };
    const postTo = (target: FastifyInstance, payload: string, from: string) =>
      target.inject({ method: 'POST', url: '/api/postback/revlum', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload, remoteAddress: from });

    it('refuses every callback until POSTBACK_IPS_REVLUM names its addresses, then only from them', async () => {
      const user = await newUser();
      const credit = documented.revlum({ subId: user.id, transId: `REV-p-${user.id}`, reward: '25.0', status: '1' });
      const unconfigured = await buildTestApp({ database: database(), env: production });
      try {
        for (const from of ['203.0.113.5', '127.0.0.1']) {
          const refused = await postTo(unconfigured, credit, from);
          expect([refused.statusCode, refused.body]).toEqual([403, 'ERROR: Postbacks of this wall are not configured. (POSTBACK_IPS_REVLUM)']);
        }
      } finally {
        await unconfigured.close();
      }
      const configured = await buildTestApp({ database: database(), env: { ...production, POSTBACK_IPS_REVLUM: '198.51.100.7, 2001:db8::/32' } });
      try {
        const foreign = await postTo(configured, credit, '203.0.113.5');
        expect([foreign.statusCode, foreign.body]).toEqual([403, 'ERROR: Callbacks of this wall are not accepted from this address.']);
        expect(await ledgerRows(db(), user.id)).toEqual([]);
        expect((await postTo(configured, credit, '198.51.100.7')).body).toBe('ok');
        expect(await balanceCoins(db(), user.id)).toBe(25);
        // The seen callback replayed as a chargeback (status is not signed) from elsewhere changes nothing.
        const chargeback = documented.revlum({ subId: user.id, transId: `REV-p-${user.id}`, reward: '25.0', status: '2' });
        expect((await postTo(configured, chargeback, '203.0.113.5')).statusCode).toBe(403);
        expect(await balanceCoins(db(), user.id)).toBe(25);
        expect((await postTo(configured, chargeback, '2001:db8::9')).body).toBe('ok');
        expect(await balanceCoins(db(), user.id)).toBe(0);
      } finally {
        await configured.close();
      }
    });
  });

  it('100 concurrent copies of one CPX callback credit once (run with TEST_DATABASE_URL: real races)', async () => {
    const user = await newUser();
    const credit = documented.cpx({ status: '1', trans_id: `cpx-race-${user.id}`, user_id: user.id, amount_local: '2250' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(credit)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    expect(answers.filter((answer) => answer.json().message === 'Conversion credited.')).toHaveLength(1);
    expect(await balanceCoins(db(), user.id)).toBe(2250);
    expect(await ledgerRows(db(), user.id)).toHaveLength(1);
    // And 50 concurrent copies of its reversal take it back once.
    const reversal = documented.cpx({ status: '2', trans_id: `cpx-race-${user.id}`, user_id: user.id, amount_local: '2250' });
    const reversals = await Promise.all(Array.from({ length: 50 }, () => get(reversal)));
    expect(reversals.filter((answer) => answer.json().message === 'Conversion reversed.')).toHaveLength(1);
    expect(await balanceCoins(db(), user.id)).toBe(0);
  });

  it('two readings of one Revlum signed text sent together book one credit', async () => {
    const user = await newUser();
    const post = (payload: string) => app.inject({ method: 'POST', url: '/api/postback/revlum', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const signature = md5(`${user.id}REV-${user.id}-77125.0${SECRETS.revlum}`);
    const readings = [
      query({ subId: String(user.id), transId: `REV-${user.id}-771`, reward: '25.0', status: '1', signature }),
      query({ subId: String(user.id), transId: `REV-${user.id}-7712`, reward: '5.0', status: '1', signature }),
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(readings[i % 2]!)));
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    expect(await ledgerRows(db(), user.id)).toHaveLength(1);
  });

  it('keeps the ledger invariant after all of it', async () => {
    expect(await verifyLedger(db())).toEqual([]);
  });
});
