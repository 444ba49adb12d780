import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { withoutForbiddenNameCharacters } from '@rewards/shared/rules/name-characters';
import type { GoogleConfig } from '../../config';
import type { Database } from '../../db/database';
import { cookieIsSecure, setSessionCookie } from '../../plugins/auth';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  findUserIdByReferralCode,
  insertUser,
  markEmailVerified,
  linkGoogleSubjectDroppingPassword,
  type UserRow,
} from './repository';
import { deviceIdFor, forgetDevices, rememberDevice, setDeviceCookie } from './known-devices';
import type { Mailer } from './mailer';
import { startLoginChallenge } from '../two-factor/challenges';
import { markSessionStart } from '../two-factor/repository';
import { REFERRAL_CODE_PATTERN } from './secrets';
import { type ClientInfo, notifyNewSignIn } from './sign-in-session';
import { hashSessionToken, revokeAllSessions, startSession } from '../session/session';
import { rememberSignupOrigin } from '../referrals/signup-origin';

export const GOOGLE_FAILED_PATH = '/?error=google_auth_failed';
export const GOOGLE_SUCCESS_PATH = '/Earn';
const FLOW_COOKIE = 'google_oauth';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_TTL_SECONDS = 600;
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the sign-in flow keeps between the redirect and the callback (in a signed, HttpOnly cookie). */
const pendingFlowSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  referralCode: z.string().optional(),
});
type PendingFlow = z.infer<typeof pendingFlowSchema>;

/** The claims we use, from the ID token or, if it lacks the email, from the userinfo endpoint. */
const identitySchema = z.object({
  sub: z.string().min(1),
  email: z.string().email().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
});
export type GoogleIdentity = { subject: string; email: string | undefined; emailVerified: boolean; name: string | undefined };

export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

/**
 * The user a Google identity signs in as: the one linked to its subject; else the one with its verified
 * email, now linked (see linkExistingAccount); else a new user without a password. Unverified emails never
 * link or create.
 */
export async function userForGoogleIdentity(db: Database, identity: GoogleIdentity, referralCode: string | undefined): Promise<UserRow> {
  const user = await googleUser(db, identity, referralCode);
  // Google vouches for the address it verified: the account's email is verified from now on.
  const verified = identity.emailVerified && identity.email?.trim().toLowerCase() === user.email;
  if (verified && user.emailVerifiedAt === null && (await markEmailVerified(db, user.id))) return { ...user, emailVerifiedAt: new Date() };
  return user;
}

async function googleUser(db: Database, identity: GoogleIdentity, referralCode: string | undefined): Promise<UserRow> {
  const linked = await findUserByGoogleSubject(db, identity.subject);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified) throw new GoogleSignInError('Google gave no verified email');
  const email = identity.email.trim().toLowerCase();

  const existing = await findUserByEmail(db, email);
  if (existing) return linkExistingAccount(db, existing, identity.subject);

  const referredBy = referralCode ? ((await findUserIdByReferralCode(db, referralCode)) ?? null) : null;
  const name = googleDisplayName(identity.name, email);
  const created = await insertUser(db, { name, email, passwordHash: null, googleSubject: identity.subject, referredBy });
  if (created) return created;
  // Another request created or linked it a moment ago.
  const raced = await findUserByGoogleSubject(db, identity.subject);
  if (raced) return raced;
  const sameEmail = await findUserByEmail(db, email);
  if (!sameEmail) throw new GoogleSignInError('could not create the user');
  return linkExistingAccount(db, sameEmail, identity.subject);
}

/**
 * Links Google to an account that already has this email. Nobody proved that email when the account was
 * made (sign-up sends no confirmation), so whoever made it may not be the person Google has just shown owns
 * the address: a stranger could have registered it first to take over the owner's later sign-ins. So
 * linking drops the account's password and revokes all its sessions, in one transaction: from then on only
 * the email's owner gets in (with Google, or with a password set through a reset code sent to that email).
 */
async function linkExistingAccount(db: Database, existing: UserRow, subject: string): Promise<UserRow> {
  if (existing.googleSubject) {
    if (existing.googleSubject === subject) return existing;
    throw new GoogleSignInError('the account of this email is linked to another Google account');
  }
  // A blocked or held account is left as it is: it could not sign in anyway.
  if (existing.status !== 'active') throw new GoogleSignInError(`account ${existing.id} is ${existing.status}`);
  const linked = await db.transaction(async (tx) => {
    if (!(await linkGoogleSubjectDroppingPassword(tx, existing.id, subject))) return false;
    await revokeAllSessions(tx, existing.id);
    await forgetDevices(tx, existing.id);
    return true;
  });
  if (linked) return { ...existing, googleSubject: subject, passwordHash: null };
  // Linked by a concurrent sign-in: fine if it was this same Google account.
  const now = await findUserByGoogleSubject(db, subject);
  if (now?.id === existing.id) return now;
  throw new GoogleSignInError('the account of this email was linked or deleted meanwhile');
}

/** The name Google gives, without control or text-direction characters; else the email's local part. */
function googleDisplayName(googleName: string | undefined, email: string): string {
  const cleaned = withoutForbiddenNameCharacters(googleName ?? '').trim();
  const fallback = withoutForbiddenNameCharacters(email.split('@')[0] ?? '').trim();
  // By code point, so a character outside the basic plane is never cut in half.
  return Array.from(cleaned || fallback || 'User')
    .slice(0, 100)
    .join('');
}

export type GoogleRoutesOptions = { google: GoogleConfig; publicUrl: string | undefined; mailer: Mailer; appSecret: string };

/** Where the callback sends a browser whose account has two-factor on: the sign-in modal's second step reads the fragment. */
export function twoFactorPath(challenge: string, method: string): string {
  return `/#two-factor=${encodeURIComponent(challenge)}&method=${encodeURIComponent(method)}`;
}

/** `GET /api/auth/google/redirect` and `/callback`: OpenID Connect authorization code flow with PKCE and state. */
export const googleAuthRoutes: ZodPlugin<GoogleRoutesOptions> = async (app, { google, publicUrl, mailer, appSecret }) => {
  const siteUrl = (path: string) => `${publicUrl ?? ''}${path}`;
  let discovered: Promise<oidc.Configuration> | undefined;

  const configuration = (): Promise<oidc.Configuration> => {
    const { clientId, clientSecret, issuer } = google;
    if (!clientId) return Promise.reject(new GoogleSignInError('Google sign-in is not configured (GOOGLE_CLIENT_ID)'));
    discovered ??= discover(new URL(issuer), clientId, clientSecret).catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw error;
    });
    return discovered;
  };

  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.warn({ err: error }, `google sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return reply.redirect(siteUrl(GOOGLE_FAILED_PATH));
  };

  app.get('/redirect', async (request, reply) => {
    try {
      const config = await configuration();
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const query = request.query as Record<string, unknown>;
      const rawCode = typeof query.referral_code === 'string' ? query.referral_code.trim().toUpperCase() : '';
      const flow: PendingFlow = {
        state: oidc.randomState(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri: `${origin}/api/auth/google/callback`,
        referralCode: REFERRAL_CODE_PATTERN.test(rawCode) ? rawCode : undefined,
      };
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: flow.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        path: FLOW_COOKIE_PATH,
        secure: cookieIsSecure(request),
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(authorizationUrl.href);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.get('/callback', async (request, reply) => {
    try {
      const config = await configuration();
      const flow = readFlowCookie(request);
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state });
      const idClaims = tokens.claims();
      if (!idClaims) throw new GoogleSignInError('no ID token');
      let claims: unknown = idClaims;
      if (idClaims.email === undefined) claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
      const parsed = identitySchema.parse(claims);
      const identity: GoogleIdentity = {
        subject: parsed.sub,
        email: parsed.email,
        emailVerified: parsed.email_verified === true || parsed.email_verified === 'true',
        name: parsed.name,
      };

      const user = await userForGoogleIdentity(app.db, identity, flow.referralCode);
      if (user.status !== 'active') throw new GoogleSignInError(`account ${user.id} is ${user.status}`);
      await rememberSignupOrigin(app.db, request, reply, user.id);
      const userAgent = request.headers['user-agent'];
      const client: ClientInfo = { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip };
      if (user.twoFactorMethod !== 'off') {
        // No session yet: the browser keeps its id for the second step, which records it once passed.
        const secondStep = await startLoginChallenge({ db: app.db, mailer, appSecret, log: request.log }, user, null);
        setDeviceCookie(request, reply, deviceIdFor(request));
        return reply.redirect(siteUrl(twoFactorPath(secondStep.challenge, secondStep.method)));
      }
      const token = await startSession(app.db, user.id, client);
      if (await rememberDevice(app.db, request, reply, user.id)) {
        await markSessionStart(app.db, hashSessionToken(token), { twoFactor: false, newDevice: true }).catch((error: unknown) => {
          request.log.warn({ err: error, userId: user.id }, 'new-device session could not be marked');
        });
        const newSignIn = await notifyNewSignIn(app.db, user.id, client).catch((error: unknown) => {
          request.log.warn({ err: error, userId: user.id }, 'new sign-in notification could not be stored');
        });
        if (newSignIn) void app.deliverNotifications([newSignIn]);
      }
      setSessionCookie(request, reply, token);
      return reply.redirect(siteUrl(GOOGLE_SUCCESS_PATH));
    } catch (error) {
      return fail(request, reply, error);
    }
  });
};

async function discover(issuer: URL, clientId: string, clientSecret: string | undefined): Promise<oidc.Configuration> {
  // Plain http only for a provider on this machine (development, tests); a real issuer is https.
  const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  const config = await oidc.discovery(issuer, clientId, clientSecret, undefined, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: local ? [oidc.allowInsecureRequests] : [],
  });
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  return config;
}

function readFlowCookie(request: FastifyRequest): PendingFlow {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) throw new GoogleSignInError('no sign-in in progress (flow cookie missing or expired)');
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) throw new GoogleSignInError('flow cookie signature is wrong');
  return pendingFlowSchema.parse(JSON.parse(unsigned.value));
}
