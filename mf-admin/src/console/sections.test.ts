import { may, sectionsFor } from './sections';

const keys = (role: Parameters<typeof sectionsFor>[0]) => sectionsFor(role).map((section) => section.key);

describe('what each role uses (the API checks the same on every route)', () => {
  it('support: users (read), tickets, contact messages, postback log (read)', () => {
    expect(keys('support')).toEqual(['overview', 'users', 'tickets', 'postbacks', 'messages']);
    expect([may('support', 'verifyEmail'), may('support', 'creditUser'), may('support', 'changeUserStatus'), may('support', 'replayPostback')]).toEqual([true, false, false, false]);
  });

  it('finance: cashouts and payouts, credits, holds, referrals', () => {
    expect(keys('finance')).toEqual(['overview', 'users', 'cashouts', 'postbacks', 'referrals']);
    expect([may('finance', 'creditUser'), may('finance', 'changeUserStatus'), may('finance', 'releaseHolds'), may('finance', 'replayPostback'), may('finance', 'verifyEmail')]).toEqual([true, true, true, true, false]);
  });

  it('admin: everything, plus audit, staff and content', () => {
    expect(keys('admin')).toEqual(['overview', 'users', 'cashouts', 'tickets', 'postbacks', 'referrals', 'messages', 'audit', 'staff', 'content']);
    expect([may('admin', 'verifyEmail'), may('admin', 'creditUser'), may('admin', 'replayPostback')]).toEqual([true, true, true]);
  });
});
