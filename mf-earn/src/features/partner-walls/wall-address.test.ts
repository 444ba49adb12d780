import { STORAGE_KEYS } from '@rewards/shared/constants';
import { storedUserId, wallAddress } from './wall-address';

describe('partner wall address (spec §3, §7)', () => {
  afterEach(() => localStorage.clear());

  it('is /api/walls/{slug}?user_id={ID}', () => {
    expect(wallAddress('offery', '42', '/api')).toBe('/api/walls/offery?user_id=42');
  });

  it('escapes the user id', () => {
    expect(wallAddress('notik', 'a&b=c', '/api')).toBe('/api/walls/notik?user_id=a%26b%3Dc');
  });

  it('reads the user id from local storage ID', () => {
    localStorage.setItem(STORAGE_KEYS.userId, '77');
    expect(storedUserId()).toBe('77');
  });

  it("uses '1' when local storage has no ID", () => {
    expect(storedUserId()).toBe('1');
  });
});
