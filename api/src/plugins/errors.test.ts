import { z } from 'zod';
import { buildTestApp } from '../test/build-test-app';
import { useTestDatabase } from '../test/test-database';
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, TooManyAttemptsError, UnauthorizedError, ValidationError } from '../domain-errors';
import { isErrorCode } from '@rewards/shared/contracts/error-codes';
import { codeOfStatus, HttpError } from './errors';
import type { ZodPlugin } from './zod-schemas';

const exampleRoutes: ZodPlugin = async (app) => {
  app.post(
    '/api/example',
    { schema: { body: z.object({ email: z.email({ message: 'The email must be a valid email address.' }), amount: z.number() }) } },
    async (request) => ({ status: 'success', data: request.body }),
  );
  app.get('/api/boom', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  app.get('/api/forbidden', async () => {
    throw new HttpError(403, 'Your account has been blocked.', { errorType: 'account_blocked' });
  });
  app.get<{ Params: { kind: string } }>('/api/domain/:kind', async (request) => {
    const errors = {
      validation: new ValidationError('The email has already been taken.', { errors: { email: ['The email has already been taken.'] } }),
      invalid: new InvalidRequestError('Invalid OTP code'),
      unauthorized: new UnauthorizedError('Unauthenticated.'),
      forbidden: new ForbiddenError('The account has been temporarily disabled.', { errorType: 'account_pending' }),
      missing: new NotFoundError('Offer not found.'),
      conflict: new ConflictError('This signature was used already.'),
      tries: new TooManyAttemptsError('Too many wrong codes.'),
      taken: new ValidationError('The email has already been taken.', { code: 'email_taken', errors: { email: ['The email has already been taken.'] } }),
      named: new ValidationError('You can report this offer 24 hours after you started it.', { code: 'ticket_too_early', params: { hours: 24 } }),
    };
    throw errors[request.params.kind as keyof typeof errors];
  });
};

describe('error envelopes', () => {
  const database = useTestDatabase();

  async function appWithExamples() {
    const app = await buildTestApp({ database: database() });
    await app.register(exampleRoutes);
    return app;
  }

  it('answers an unknown /api route with 404 {status: error, message: Not found}', async () => {
    const app = await appWithExamples();
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-call' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
    }
    await app.close();
  });

  it('answers a body that fails its schema with 422 and messages per field', async () => {
    const app = await appWithExamples();
    const response = await app.inject({ method: 'POST', url: '/api/example', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toEqual({
      status: 'error',
      code: 'validation_failed',
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'], amount: [expect.any(String)] },
      field_codes: { email: [{ code: 'invalid_email' }], amount: [{ code: 'required' }] },
    });
    await app.close();
  });

  it('gives each field error of a schema a stable code with the values it names', async () => {
    const app = await appWithExamples();
    const schema = z.strictObject({
      name: z.string({ error: 'The name field is required.' }).min(1, 'The name field is required.').max(5, 'Too long.'),
      password: z.string().min(8, 'The password must be at least 8 characters.'),
      amount: z.number().min(1).max(100),
      kind: z.enum(['a', 'b']),
      code: z.string().regex(/^\d{6}$/, 'Six digits.'),
      language: z.string().refine((value) => value === 'de', { params: { code: 'invalid_language' } }),
      other: z.string().refine((value) => value === 'x', 'Not x.'),
    });
    app.post('/api/codes', { schema: { body: schema } }, async () => ({ status: 'success' }));
    const codesOf = async (payload: unknown) => (await app.inject({ method: 'POST', url: '/api/codes', payload: payload as object })).json().field_codes;
    expect(
      await codesOf({ name: 'toolong', password: 'short', amount: 500, kind: 'c', code: '12', language: 'fr', other: 'y', extra: 1 }),
    ).toEqual({
      name: [{ code: 'too_long', params: { max: 5 } }],
      password: [{ code: 'too_short', params: { min: 8 } }],
      amount: [{ code: 'too_big', params: { max: 100 } }],
      kind: [{ code: 'invalid_value' }],
      code: [{ code: 'invalid_format' }],
      language: [{ code: 'invalid_language' }],
      other: [{ code: 'invalid_value' }],
      body: [{ code: 'unknown_field' }],
    });
    expect(await codesOf({ name: '', password: 12, amount: 0 })).toMatchObject({
      name: [{ code: 'required' }],
      password: [{ code: 'invalid_value' }],
      amount: [{ code: 'too_small', params: { min: 1 } }],
      kind: [{ code: 'required' }],
    });
    await app.close();
  });

  it('passes a valid body through typed', async () => {
    const app = await appWithExamples();
    const response = await app.inject({ method: 'POST', url: '/api/example', payload: { email: 'a@b.co', amount: 2 } });
    expect(response.json()).toEqual({ status: 'success', data: { email: 'a@b.co', amount: 2 } });
    await app.close();
  });

  it('never shows the details of a 500 to the client', async () => {
    const app = await appWithExamples();
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: 'internal_error', message: 'Internal server error' });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('answers an HttpError with its status, message and error_type', async () => {
    const app = await appWithExamples();
    const response = await app.inject({ method: 'GET', url: '/api/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'error', code: 'forbidden', message: 'Your account has been blocked.', error_type: 'account_blocked' });
    await app.close();
  });

  it.each([
    ['validation', 422, { status: 'error', code: 'validation_failed', message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } }],
    ['invalid', 400, { status: 'error', code: 'invalid_request', message: 'Invalid OTP code' }],
    ['unauthorized', 401, { status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' }],
    ['forbidden', 403, { status: 'error', code: 'forbidden', message: 'The account has been temporarily disabled.', error_type: 'account_pending' }],
    ['missing', 404, { status: 'error', code: 'not_found', message: 'Offer not found.' }],
    ['conflict', 409, { status: 'error', code: 'conflict', message: 'This signature was used already.' }],
    ['tries', 429, { status: 'error', code: 'rate_limited', message: 'Too many wrong codes.' }],
    ['named', 422, { status: 'error', code: 'ticket_too_early', params: { hours: 24 }, message: 'You can report this offer 24 hours after you started it.' }],
    [
      'taken',
      422,
      { status: 'error', code: 'email_taken', message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] }, field_codes: { email: [{ code: 'email_taken' }] } },
    ],
  ])('maps the domain error "%s" to %i with its message', async (kind, statusCode, body) => {
    const app = await appWithExamples();
    const response = await app.inject({ method: 'GET', url: `/api/domain/${kind}` });
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toEqual(body);
    await app.close();
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const app = await appWithExamples();
    const response = await app.inject({
      method: 'POST',
      url: '/api/example',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_request', message: expect.any(String) });
    await app.close();
  });

  it('gives every answer a listed code: each kind of error by default, and any status the framework answers', async () => {
    for (const statusCode of [400, 401, 403, 404, 405, 406, 409, 411, 413, 414, 415, 418, 422, 429, 431, 500, 501, 502, 503, 504]) {
      expect({ statusCode, listed: isErrorCode(codeOfStatus(statusCode)) }).toEqual({ statusCode, listed: true });
    }
    const app = await appWithExamples();
    const unsupported = await app.inject({ method: 'POST', url: '/api/example', headers: { 'content-type': 'text/x-nope' }, payload: 'x' });
    expect([unsupported.statusCode, unsupported.json().code]).toEqual([415, 'unsupported_media_type']);
    for (const kind of ['validation', 'invalid', 'unauthorized', 'forbidden', 'missing', 'conflict', 'tries', 'named', 'unknown-kind']) {
      const { code } = (await app.inject({ method: 'GET', url: `/api/domain/${kind}` })).json();
      expect({ kind, listed: isErrorCode(code) }).toEqual({ kind, listed: true });
    }
    await app.close();
  });
});
