import { avatarLetter, avatarUrl, firstName, publicName } from './user-display';

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
  it('is the first name and the initial of the last, like "Ada L."', () => {
    expect([publicName('Ada Lovelace'), publicName('  ada   king lovelace '), publicName('Cher'), publicName('Émile zola')]).toEqual(['Ada L.', 'ada L.', 'Cher', 'Émile Z.']);
  });
  it('is "Someone" without a name', () => {
    expect(publicName('   ')).toBe('Someone');
  });
  it('drops control and text-direction characters a stored name might still hold', () => {
    expect(publicName('\u202EAda\u2066 \u001bLove\u0007lace\u2069')).toBe('Ada L.');
    expect(publicName('\u202E\n')).toBe('Someone');
  });
});
