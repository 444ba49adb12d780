import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency key of a cashout attempt', () => {
  it('is a fresh UUID each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(UUID_V4);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('is still a UUID v4 where crypto.randomUUID is missing (a page served over plain HTTP)', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    expect(newIdempotencyKey(insecure)).toMatch(UUID_V4);
  });
});
