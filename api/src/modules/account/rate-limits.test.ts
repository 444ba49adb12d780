import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../../plugins/rate-limit';
import { captureMailer, signUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { startTcpRelay } from '../../test/tcp-relay';
import { useTestDatabase } from '../../test/test-database';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TOO_MANY = { status: 'error', code: 'rate_limited', message: TOO_MANY_ATTEMPTS };

function poster(app: FastifyInstance) {
  return (url: string, payload: object, ip: string) => app.inject({ method: 'POST', url: `/api/user/${url}`, payload, remoteAddress: ip });
}

const registration = (email = uniqueEmail('reg')) => ({ name: 'Rita Limit', email, password: 'password123', password_confirmation: 'password123' });

describe(`rate limits by address and by account on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let post: ReturnType<typeof poster>;

  beforeAll(async () => {
    app = await buildTestApp({
      database: database(),
      mailer: captureMailer(),
      env: { RATE_LIMITS: 'register_ip=3/1h,login=100/1m,login_ip=3/1m,login_account=3/15m,forgot_ip=2/15m,otp_ip=2/15m' },
    });
    post = poster(app);
  });
  afterAll(() => app.close());

  it('answers 429 to a fourth sign-up from one address; another address still signs up', async () => {
    for (let i = 0; i < 3; i++) expect((await post('Register', registration(), '203.0.113.20')).statusCode).toBe(201);
    const fourth = await post('Register', registration(), '203.0.113.20');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(TOO_MANY);
    expect((await post('Register', registration(), '203.0.113.21')).statusCode).toBe(201);
  });

  it('counts every IPv6 address of one /64 as one client, and IPv4-mapped addresses as IPv4', async () => {
    const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::7', '2001:db8:1:2:ffff:ffff:ffff:fffe'];
    for (const ip of sameNetwork) expect((await post('Login', { email: uniqueEmail('v6'), password: 'password1' }, ip)).statusCode).toBe(401);
    const next = await post('Login', { email: uniqueEmail('v6'), password: 'password1' }, '2001:db8:1:2:1234:5678:9abc:def0');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(TOO_MANY);
    // The neighbouring /64 is somebody else.
    expect((await post('Login', { email: uniqueEmail('v6'), password: 'password1' }, '2001:db8:1:3::1')).statusCode).toBe(401);

    expect((await post('forgot-password', { email: uniqueEmail('v4') }, '192.0.2.77')).statusCode).toBe(200);
    expect((await post('forgot-password', { email: uniqueEmail('v4') }, '::ffff:192.0.2.77')).statusCode).toBe(200);
    expect((await post('forgot-password', { email: uniqueEmail('v4') }, '192.0.2.77')).json()).toEqual(TOO_MANY);
  });

  it('forgot-password and OTP checks are limited per /64 too', async () => {
    const net = '2001:db8:77:1';
    expect((await post('forgot-password', { email: uniqueEmail('f') }, `${net}::1`)).statusCode).toBe(200);
    expect((await post('forgot-password', { email: uniqueEmail('f') }, `${net}::2`)).statusCode).toBe(200);
    expect((await post('forgot-password', { email: uniqueEmail('f') }, `${net}::3`)).json()).toEqual(TOO_MANY);
    expect((await post('verify-otp', { email: uniqueEmail('o'), otp: '123456' }, `${net}:5::1`)).statusCode).toBe(400);
    expect((await post('verify-otp', { email: uniqueEmail('o'), otp: '123456' }, `${net}:6::1`)).statusCode).toBe(400);
    expect((await post('verify-otp', { email: uniqueEmail('o'), otp: '123456' }, `${net}:7::1`)).json()).toEqual(TOO_MANY);
  });

  it('stops password guessing on one account spread over many addresses, even with the right password, and no other account', async () => {
    const victim = await signUp(app, {}, { from: '198.18.0.1' });
    for (let i = 0; i < 3; i++) expect((await post('Login', { email: victim.email, password: `guess-${i}` }, `198.18.1.${i + 1}`)).statusCode).toBe(401);
    const fourth = await post('Login', { email: victim.email, password: victim.password }, '198.18.2.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(TOO_MANY);
    const bystander = await signUp(app, {}, { from: '198.18.0.2' });
    expect((await post('Login', { email: bystander.email, password: bystander.password }, '198.18.2.2')).statusCode).toBe(200);
  });

  it('never counts the owner’s right passwords against the account', async () => {
    const owner = await signUp(app, {}, { from: '198.18.0.3' });
    for (let i = 0; i < 6; i++) {
      expect((await post('Login', { email: owner.email, password: owner.password }, `198.18.3.${i + 1}`)).statusCode).toBe(200);
    }
  });
});

describe(`rate limits with Redis on ${kind}`, () => {
  const database = useTestDatabase();
  const redisUrl = process.env.TEST_REDIS_URL;
  const withRedis = redisUrl ? it : it.skip;

  // Run when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
  withRedis('two instances share the counts', async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`, RATE_LIMITS: 'login_account=2/15m,register_ip=2/1h' };
    const first = await buildTestApp({ database: database(), env });
    const second = await buildTestApp({ database: database(), env });
    try {
      const victim = await signUp(first, {}, { from: '203.0.113.100' });
      expect((await poster(first)('Login', { email: victim.email, password: 'wrong-1' }, '198.18.9.1')).statusCode).toBe(401);
      expect((await poster(second)('Login', { email: victim.email, password: 'wrong-2' }, '198.18.9.2')).statusCode).toBe(401);
      expect((await poster(first)('Login', { email: victim.email, password: victim.password }, '198.18.9.3')).json()).toEqual(TOO_MANY);
      expect((await poster(second)('Register', registration(), '203.0.113.100')).statusCode).toBe(201);
      expect((await poster(first)('Register', registration(), '203.0.113.100')).json()).toEqual(TOO_MANY);
    } finally {
      await first.close();
      await second.close();
    }
  });

  // Redis going away while the site runs: the limits hold, counted in this process, instead of switching off.
  withRedis('Redis down: counts in memory instead of letting every request through', async () => {
    const target = new URL(redisUrl!);
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    const app = await buildTestApp({
      database: database(),
      env: { REDIS_URL: relay.url('redis'), REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`, RATE_LIMITS: 'login_ip=2/1m,register_ip=1/1h' },
    });
    try {
      await relay.cut();
      const post = poster(app);
      expect((await post('Login', { email: uniqueEmail(), password: 'password1' }, '203.0.113.90')).statusCode).toBe(401);
      expect((await post('Login', { email: uniqueEmail(), password: 'password1' }, '203.0.113.90')).statusCode).toBe(401);
      const third = await post('Login', { email: uniqueEmail(), password: 'password1' }, '203.0.113.90');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual(TOO_MANY);
      expect((await post('Register', registration(), '203.0.113.91')).statusCode).toBe(201);
      expect((await post('Register', registration(), '203.0.113.91')).json()).toEqual(TOO_MANY);
    } finally {
      await app.close();
      await relay.cut();
    }
  });
});
