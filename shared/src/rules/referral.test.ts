import { REFERRAL_STORAGE_KEY, readReferral, referralFromPath, rememberReferral } from './referral';

describe('referral links /ref/{id}', () => {
  beforeEach(() => localStorage.clear());

  it('stores the id of /ref/{id} under referral_code', () => {
    expect(rememberReferral('/ref/ABC123', localStorage)).toBe('ABC123');
    expect(localStorage.getItem('referral_code')).toBe('ABC123');
    expect(readReferral(localStorage)).toBe('ABC123');
  });

  it('accepts a trailing slash and any case of "ref"', () => {
    expect(referralFromPath('/REF/xy_z-9/')).toBe('xy_z-9');
  });

  it('keeps the latest link visited', () => {
    rememberReferral('/ref/first', localStorage);
    rememberReferral('/ref/second', localStorage);
    expect(readReferral(localStorage)).toBe('second');
  });

  it.each(['/', '/ref', '/ref/', '/ref/a/b', '/Earn', '/ref/%E0%A4%A', '/ref/<script>'])(
    'stores nothing for %s',
    (pathname) => {
      expect(rememberReferral(pathname, localStorage)).toBeNull();
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    },
  );

  it('reads null when no code was captured', () => {
    expect(readReferral(localStorage)).toBeNull();
  });
});
