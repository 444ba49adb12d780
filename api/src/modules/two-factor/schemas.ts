import { z } from 'zod';
import type {
  LoginResendPayload,
  LoginSecondStepPayload,
  TotpSetupResult,
  TwoFactorCodePayload,
  TwoFactorDisablePayload,
} from '@rewards/shared/contracts/api-types';
import { userProfileSchema } from '../account/schemas';

const MAX_CODE = 32;
const MAX_CHALLENGE = 100;
const MAX_PASSWORD = 200;

function text(label: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? `The ${label} field is required.` : `The ${label} must be a string.`),
    })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
}

function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, { error: 'The request body must be a JSON object.' });
}

/** A code as typed: six digits, or a recovery code where one counts (the service tells right from wrong). */
const code = text('code', MAX_CODE);

export const codeBody = body({ code });
export const disableBody = body({
  password: z
    .string({ error: 'The password must be a string.' })
    .max(MAX_PASSWORD, `The password may not be greater than ${MAX_PASSWORD} characters.`)
    .nullish()
    .transform((value) => value || undefined),
  code,
});
export const secondStepBody = body({ challenge: text('challenge', MAX_CHALLENGE), code });
export const resendBody = body({ challenge: text('challenge', MAX_CHALLENGE) });

type Checked<Body extends Payload, Payload> = Body;
export type CodeInput = Checked<z.output<typeof codeBody>, TwoFactorCodePayload>;
export type DisableInput = Checked<z.output<typeof disableBody>, TwoFactorDisablePayload>;
export type SecondStepInput = Checked<z.output<typeof secondStepBody>, LoginSecondStepPayload>;
export type ResendInput = Checked<z.output<typeof resendBody>, LoginResendPayload>;

// ---- responses ----

const method = z.enum(['totp', 'email']);

export const twoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true), method, challenge: z.string() });

export const setupResponse = z.object({
  status: z.literal('success'),
  data: z.object({ secret: z.string(), otpauth_url: z.string() }) satisfies z.ZodType<TotpSetupResult>,
});

export const totpEnabledResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ recovery_codes: z.array(z.string()), user: userProfileSchema }),
});

export const userChangedResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ user: userProfileSchema }) });
