import { publicName } from './public-name';
import { avatarLetter, avatarUrl, firstName } from './user-display';

describe('avatar letter', () => {
  it('is the first letter of the name, uppercase', () => {
    expect(avatarLetter({ name: 'ada lovelace', email: 'x@example.com' })).toBe('A');
  });
  it('falls back to the first letter of the email when the name is empty', () => {
    expect(avatarLetter({ name: '  ', email: 'grace@example.com' })).toBe('G');
  });
  it('is "U" when neither name nor email is known', () => {
    expect(avatarLetter({ name: '', email: '' })).toBe('U');
  });
  it('keeps a letter outside the basic plane whole', () => {
    expect(avatarLetter({ name: '𝒜da', email: '' })).toBe('𝒜');
  });
});

describe('avatar picture', () => {
  it('prefers image, then avatar, else none', () => {
    expect(avatarUrl({ image: '/a.png', avatar: '/b.png' })).toBe('/a.png');
    expect(avatarUrl({ image: null, avatar: '/b.png' })).toBe('/b.png');
    expect(avatarUrl({ image: '', avatar: null })).toBeNull();
  });
});

describe('first name', () => {
  it('is the first word of the name', () => {
    expect(firstName({ name: '  Ada   King Lovelace ' })).toBe('Ada');
  });
  it('is "User" without a name', () => {
    expect(firstName({ name: '' })).toBe('User');
  });
});

describe('public name', () => {
  const of = (name: string, email = 'someone@example.com') => publicName({ name, email });
  it('is the first name and the initial of the last, like "Ada L."', () => {
    expect([of('Ada Lovelace'), of('  ada   king lovelace '), of('Cher'), of('Émile zola')]).toEqual(['Ada L.', 'ada L.', 'Cher', 'Émile Z.']);
  });
  it('is "Member" without a name', () => {
    expect([of(''), of('   '), of('\u202E\n')]).toEqual(['Member', 'Member', 'Member']);
  });
  it('is "Member" for a name holding an email, never a part of it', () => {
    for (const name of ['ada@example.com', 'Ada Lovelace ada@example.com', 'ada.lovelace@', '@ada', 'Ada L@vel', 'ada\uFF20example.com', 'ada\uFE6Bexample.com', 'ada\u202E@example.com']) {
      expect([name, of(name)]).toEqual([name, 'Member']);
    }
  });
  it('is "Member" for a name made from the email (the landing hero, Google without a display name)', () => {
    expect(of('ada.lovelace', 'ada.lovelace@example.com')).toBe('Member');
    expect(of(' Ada.Lovelace ', 'ada.lovelace@example.com')).toBe('Member');
    expect(of('a+b@c', 'a+b@c@example.com')).toBe('Member');
    expect(of('\u202Eada.lovelace', 'ada.lovelace@example.com')).toBe('Member');
    // Another name is shown, whatever the email.
    expect(of('Ada Lovelace', 'ada.lovelace@example.com')).toBe('Ada L.');
    expect(of('ada', '')).toBe('ada');
    expect(of('ada', 'not-an-email')).toBe('ada');
  });
  it('drops control and text-direction characters a stored name might still hold', () => {
    expect(of('\u202EAda\u2066 \u001bLove\u0007lace\u2069')).toBe('Ada L.');
  });
});
