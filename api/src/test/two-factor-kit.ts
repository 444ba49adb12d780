import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { totpClock, totpCodeAt } from '../modules/two-factor/totp';
import { bearer } from './accounts';

/** Helpers the two-factor tests share: a clock to step through TOTP time, Settings and sign-in calls. */

const STEP_MS = 30_000;

/** Sets the TOTP clock to the middle of a step (so nothing crosses a step boundary while a test runs); answers a stepper. */
export function useTotpClock() {
  let now = 0;
  const realNow = totpClock.now;
  beforeEach(() => {
    now = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
    totpClock.now = () => now;
  });
  afterAll(() => {
    totpClock.now = realNow;
  });
  return {
    /** Moves the clock one step (30 s) on, or `steps` on. */
    advance: (steps = 1) => {
      now += steps * STEP_MS;
    },
    /** The code of the clock's current step, or of `offset` steps from it. */
    code: (secret: string, offset = 0) => totpCodeAt(secret, now + offset * STEP_MS),
  };
}

export function postAs(app: FastifyInstance, token: string | undefined, url: string, payload?: object, extra: { cookies?: Record<string, string>; remoteAddress?: string } = {}) {
  return app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers: token ? bearer(token) : {}, ...extra });
}

/** Turns the authenticator on for a signed-in user: the secret and the recovery codes. */
export async function turnOnTotp(app: FastifyInstance, token: string, code: (secret: string) => string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await postAs(app, token, '2fa/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await postAs(app, token, '2fa/totp/enable', { code: code(secret) });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().data.recovery_codes };
}

export function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}
