import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@rewards/shared/contracts/api-types';
import { ConflictError, ForbiddenError, TooManyAttemptsError } from '../../domain-errors';
import { rateLimitAddress } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import type { Mailer } from '../account/mailer';
import { newOtpCode } from '../account/secrets';
import { codeHash } from '../two-factor/codes';
import { TWO_FACTOR_MESSAGES } from '../two-factor/messages';
import { issueEmailCode, markSessionTwoFactor, reserveTry, settleTries } from '../two-factor/repository';
import { invalidCode } from '../two-factor/service';
import { passesSecondFactor } from '../two-factor/verify';
import { type StaffRouteRule, STAFF_TWO_FACTOR_REQUIRED, staffOf } from './gate';
import { ADMIN_MESSAGES } from './messages';
import { body, codeBody } from './schemas';
import { freshUntil, issueConsoleCookie, type StaffSession, twoFactorIsFresh } from './staff-session';
import { emailLocale } from '../account/emails/render';

export type StaffMe = {
  id: number;
  email: string;
  name: string;
  staff_role: StaffRole;
  two_factor: 'off' | 'totp' | 'email';
  verified_at: string | null;
  fresh_until: string | null;
  fresh: boolean;
  console_session: boolean;
};

function meOf(staff: StaffSession, consoleSession: boolean): StaffMe {
  return {
    id: staff.user.id,
    email: staff.user.email,
    name: staff.user.name,
    staff_role: staff.role,
    two_factor: staff.user.twoFactorMethod,
    verified_at: staff.twoFactorAt?.toISOString() ?? null,
    fresh_until: freshUntil(staff.twoFactorAt)?.toISOString() ?? null,
    fresh: twoFactorIsFresh(staff),
    console_session: consoleSession,
  };
}

const turnOnTwoFactor = () => new ForbiddenError(ADMIN_MESSAGES.turnOnTwoFactor, { code: STAFF_TWO_FACTOR_REQUIRED, extra: { method: 'off' } });

const opening: { staff: StaffRouteRule } = { staff: { step: 'verify' } };

/**
 * Opening the console: who am I, a code (TOTP, recovery, or one emailed for this) that marks the session's
 * second factor, and the console cookie (`admin_session`) for a session whose second factor is fresh.
 */
export const consoleSessionRoutes: ZodPlugin<{ mailer: Mailer; appSecret: string }> = async (app, { mailer, appSecret }) => {
  const perAddress = (request: FastifyRequest) => app.enforceRateLimits([{ limit: 'two_factor_ip', key: rateLimitAddress(request) }]);

  app.get('/me', { config: opening }, async (request) => {
    const staff = staffOf(request);
    return { status: 'success' as const, data: meOf(staff, staff.consoleCookie) };
  });

  app.post('/verify/send', { config: opening, preHandler: perAddress, schema: { body: body({}).nullish() } }, async (request) => {
    const { user } = staffOf(request);
    if (user.twoFactorMethod === 'off') throw turnOnTwoFactor();
    if (user.twoFactorMethod !== 'email') throw new ConflictError(ADMIN_MESSAGES.notEmailMethod, { code: 'not_email_method' });
    const code = newOtpCode();
    if (!(await issueEmailCode(app.db, user.id, 'staff', codeHash(appSecret, user.id, 'staff', code)))) {
      throw new TooManyAttemptsError(TWO_FACTOR_MESSAGES.waitBeforeResend, { code: 'code_requested_too_soon' });
    }
    await mailer.sendStaffConsoleCode(user.email, code, emailLocale(user.language)).catch((error: unknown) => request.log.error({ err: error, userId: user.id }, 'staff console code email could not be sent'));
    return { status: 'success' as const, message: TWO_FACTOR_MESSAGES.codeSent, data: { sent: true } };
  });

  // 5 wrong codes per 30 minutes per staff member (whatever the address), on top of the per-address limit.
  app.post('/verify', { config: opening, preHandler: perAddress, schema: { body: codeBody } }, async (request, reply) => {
    const staff = staffOf(request);
    const { user } = staff;
    if (user.twoFactorMethod === 'off') throw turnOnTwoFactor();
    if (!(await reserveTry(app.db, user.id, 'staff'))) throw new TooManyAttemptsError(TWO_FACTOR_MESSAGES.tooManyWrongCodes, { code: 'too_many_wrong_codes' });
    const method = user.twoFactorMethod;
    const passed = await app.db.transaction(async (tx) => {
      const right = await passesSecondFactor(tx, {
        appSecret,
        userId: user.id,
        code: request.body.code,
        totp: method === 'totp',
        recovery: method === 'totp',
        email: method === 'email' ? { purpose: 'staff' } : undefined,
      });
      if (!right) return false;
      await settleTries(tx, user.id, 'staff');
      await markSessionTwoFactor(tx, staff.sessionId);
      return true;
    });
    if (!passed) throw invalidCode();
    const now = new Date();
    await issueConsoleCookie(app.db, request, reply, staff.sessionId, freshUntil(now)!);
    request.log.info({ userId: user.id, role: staff.role }, 'staff console opened with a code');
    return { status: 'success' as const, data: meOf({ ...staff, twoFactorAt: now }, true) };
  });

  app.post('/session', { config: opening, schema: { body: body({}).nullish() } }, async (request, reply) => {
    const staff = staffOf(request);
    if (!twoFactorIsFresh(staff)) {
      const method = staff.user.twoFactorMethod;
      throw new ForbiddenError(method === 'off' ? ADMIN_MESSAGES.turnOnTwoFactor : ADMIN_MESSAGES.enterCode, { code: STAFF_TWO_FACTOR_REQUIRED, extra: { method } });
    }
    // A console that already holds its cookie keeps it (another tab asking again does not end this one's).
    if (!staff.consoleCookie) await issueConsoleCookie(app.db, request, reply, staff.sessionId, freshUntil(staff.twoFactorAt)!);
    return { status: 'success' as const, data: meOf(staff, true) };
  });
};
