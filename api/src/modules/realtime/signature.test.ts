import fc from 'fast-check';
import PusherServer from 'pusher';
import { md5, verifyPusherRequest } from './signature';

const credentials = { key: 'key-1', secret: 'secret-1' };
const path = '/apps/app-1/events';
const sdk = new PusherServer({ appId: 'app-1', key: credentials.key, secret: credentials.secret, host: 'localhost' });

function signedBySdk(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(sdk.createSignedQueryString({ method: 'POST', path, body })));
}

describe('verifyPusherRequest', () => {
  it('accepts any body the official SDK signed, and rejects it once one character changes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (body) => {
        const query = signedBySdk(body);
        expect(verifyPusherRequest({ method: 'POST', path, query, rawBody: body }, credentials)).toEqual({ ok: true });
        expect(verifyPusherRequest({ method: 'POST', path, query, rawBody: `${body} ` }, credentials).ok).toBe(false);
      }),
    );
  });

  it('rejects a request signed for another path', () => {
    const query = signedBySdk('{}');
    expect(verifyPusherRequest({ method: 'POST', path: '/apps/app-2/events', query, rawBody: '{}' }, credentials)).toEqual({
      ok: false,
      reason: 'Invalid signature',
    });
  });

  it('rejects a timestamp more than 600 s away', () => {
    const query = signedBySdk('{}');
    const later = (Number(query.auth_timestamp) + 601) * 1000;
    expect(verifyPusherRequest({ method: 'POST', path, query, rawBody: '{}' }, credentials, later).ok).toBe(false);
  });

  it('rejects another key and a repeated parameter', () => {
    const query = signedBySdk('{}');
    expect(verifyPusherRequest({ method: 'POST', path, query, rawBody: '{}' }, { ...credentials, key: 'key-2' }).ok).toBe(false);
    const repeated = { ...query, body_md5: [md5('{}'), md5('{}')] };
    expect(verifyPusherRequest({ method: 'POST', path, query: repeated, rawBody: '{}' }, credentials).ok).toBe(false);
  });
});
