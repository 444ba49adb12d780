import fc from 'fast-check';
import PusherServer from 'pusher';
import { isValidChannelAuth, md5, signChannelAuth, verifyPusherRequest } from './signature';

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

describe('channel authorisation', () => {
  it('signs exactly as the official SDK authorises a private channel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1 }), (left, right, userId) => {
        const socketId = `${left}.${right}`;
        const channel = `private-user-${userId}`;
        expect(signChannelAuth(socketId, channel, credentials)).toBe(sdk.authorizeChannel(socketId, channel).auth);
      }),
    );
  });

  it('accepts only the signature of this socket and this channel', () => {
    const auth = signChannelAuth('1.2', 'private-user-7', credentials);
    expect(isValidChannelAuth(auth, '1.2', 'private-user-7', credentials)).toBe(true);
    expect(isValidChannelAuth(auth, '1.3', 'private-user-7', credentials)).toBe(false);
    expect(isValidChannelAuth(auth, '1.2', 'private-user-8', credentials)).toBe(false);
    expect(isValidChannelAuth(auth, '1.2', 'private-user-7', { ...credentials, secret: 'other' })).toBe(false);
    expect(isValidChannelAuth(undefined, '1.2', 'private-user-7', credentials)).toBe(false);
    expect(isValidChannelAuth(`${auth}0`, '1.2', 'private-user-7', credentials)).toBe(false);
  });
});
