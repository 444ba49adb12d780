import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { turnOnTotp, useTotpClock } from '../../test/two-factor-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const ROUTES = ['2fa/totp/setup', '2fa/totp/enable', '2fa/email/send', '2fa/email/enable', '2fa/disable', 'Login/2fa', 'Login/2fa/resend'] as const;
const FIELDS = ['code', 'challenge', 'password'] as const;

const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  fc.constantFrom('abcde-fghjk', 'x'.repeat(10_000), '\u0000', '<script>', "' or 1=1 --", 'null', '0', '000000', '__proto__'),
  fc.jsonValue({ maxDepth: 3 }),
);
const body = fc.oneof(
  { arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor'), fieldValue, { maxKeys: 4 }), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

describe(`hostile input to the two-factor calls on ${kind}`, () => {
  const { db, app } = useTestApp();
  const clock = useTotpClock();

  it('never answers 5xx, always the envelope, and turns nothing on or off', async () => {
    const plain = await signUp(app());
    const guarded = await signUp(app());
    await turnOnTotp(app(), guarded.token, (secret) => clock.code(secret));
    const challenge = (await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email: guarded.email, password: guarded.password } })).json().data.challenge;
    const raw = fc.oneof(
      body.map((value) => JSON.stringify(value) ?? ''),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fieldValue.map((code) => JSON.stringify({ challenge, code }) ?? ''),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), raw, fc.constantFrom(plain.token, guarded.token, 'forged-token-xxxxxxxxxxxxxxxx', ''), async (route, payload, token) => {
        const response = await app().inject({
          method: 'POST',
          url: `/api/user/${route}`,
          payload,
          headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().status).toBe(response.statusCode === 200 ? 'success' : 'error');
      }),
      { numRuns: 400 },
    );
    const methods = async (id: number) => (await db().select({ method: users.twoFactorMethod }).from(users).where(eq(users.id, id)))[0]!.method;
    expect(await methods(plain.user.id)).toBe('off');
    expect(await methods(guarded.user.id)).toBe('totp');
  });
});
