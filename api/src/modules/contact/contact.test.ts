import type { FastifyInstance } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../../plugins/rate-limit';
import { bearer, captureMailer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { latestContactMessages } from './repository';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com ',
  subject: 'Missing credit',
  message: 'I finished Dragon Forge Legends yesterday\nand the reward has not arrived.',
};

describe(`POST /api/contact on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'login=100/1m,contact_ip=3/1h' } });
  });
  afterAll(() => app.close());

  let ipCounter = 0;
  /** Each test sends from an address of its own, so the per-IP limit of one test does not reach the next. */
  function send(payload: unknown, headers: Record<string, string> = {}, ip = `10.0.0.${++ipCounter}`) {
    return app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers, remoteAddress: ip });
  }

  it('stores the message and answers "Message Sent!"', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success', message: 'Message Sent!' });
    const [stored] = await latestContactMessages(database().db, 1);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Missing credit',
      message: valid.message,
      userId: null,
    });
  });

  it("links a signed-in sender's message to their account", async () => {
    const { token, user } = await signUp(app);
    expect((await send({ ...valid, subject: 'From a user' }, bearer(token))).statusCode).toBe(201);
    const [stored] = await latestContactMessages(database().db, 1);
    expect(stored).toMatchObject({ subject: 'From a user', userId: user.id });
  });

  it('requires all four fields, with a message per field', async () => {
    const before = (await latestContactMessages(database().db, 100)).length;
    const response = await send({ name: '  ', email: '', subject: undefined });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
    expect((await latestContactMessages(database().db, 100)).length).toBe(before);
  });

  it.each([['not-an-email'], ['ada@'], ['@example.com'], ['ada example@x.com']])('refuses the email %s', async (email) => {
    const response = await send({ ...valid, email });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
  });

  it.each([
    ['a number', { ...valid, name: 42 }, 'name', 'The name must be a string.'],
    ['an array', { ...valid, message: ['a', 'b'] }, 'message', 'The message must be a string.'],
    ['a too long message', { ...valid, message: 'x'.repeat(5001) }, 'message', 'The message may not be greater than 5000 characters.'],
    ['a too long subject', { ...valid, subject: 'x'.repeat(201) }, 'subject', 'The subject may not be greater than 200 characters.'],
    ['a NUL byte', { ...valid, name: 'Ada\u0000' }, 'name', 'The name contains characters that are not allowed.'],
    ['a line break in the subject', { ...valid, subject: 'Hi\nthere' }, 'subject', 'The subject contains characters that are not allowed.'],
    ['a bidi override', { ...valid, message: 'pay \u202Eevil' }, 'message', 'The message contains characters that are not allowed.'],
  ])('refuses %s with the field message', async (_label, payload, field, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it.each([
    ['a JSON array', '[]', 'application/json'],
    ['a JSON string', '"hello"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['broken JSON', '{"name":', 'application/json'],
  ])('answers %s with a 4xx envelope, never a crash', async (_label, body, contentType) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      body,
      headers: { 'content-type': contentType },
      remoteAddress: `10.1.0.${++ipCounter}`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().status).toBe('error');
  });

  it('keeps a message with line breaks, tabs and any script as text', async () => {
    const message = 'Line one\n\tLine two — ünïcödé 日本語 <script>alert(1)</script>';
    expect((await send({ ...valid, message })).statusCode).toBe(201);
    const [stored] = await latestContactMessages(database().db, 1);
    expect(stored?.message).toBe(message);
  });

  it('allows 3 messages an hour from one IP here, then answers 429 and stores nothing more', async () => {
    const ip = '10.9.9.9';
    for (let index = 0; index < 3; index += 1) expect((await send({ ...valid, subject: `Try ${index}` }, {}, ip)).statusCode).toBe(201);
    const refused = await send({ ...valid, subject: 'One too many' }, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'error', code: 'rate_limited', message: TOO_MANY_ATTEMPTS });
    expect((await latestContactMessages(database().db, 1))[0]?.subject).toBe('Try 2');
    expect((await send({ ...valid, subject: 'Another address' }, {}, '10.9.9.10')).statusCode).toBe(201);
  });
});
