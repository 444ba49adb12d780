import { passwordChecklist, signUpPasswordProblem } from './password-checklist';

const met = (password: string) =>
  Object.fromEntries(passwordChecklist(password).map(({ label, met: isMet }) => [label, isMet]));

describe('sign-up password checklist (spec §5)', () => {
  it('lists at least 8 characters, 1 number, 1 capital letter, 1 small letter', () => {
    expect(passwordChecklist('').map(({ label }) => label)).toEqual([
      'At least 8 characters',
      '1 number',
      '1 capital letter',
      '1 small letter',
    ]);
  });

  it('meets nothing for an empty password', () => {
    expect(passwordChecklist('').every((item) => !item.met)).toBe(true);
  });

  it('meets every rule for "Passw0rd"', () => {
    expect(passwordChecklist('Passw0rd').every((item) => item.met)).toBe(true);
  });

  it('counts 7 characters as too short and 8 as enough', () => {
    expect(met('abcdefg')['At least 8 characters']).toBe(false);
    expect(met('abcdefgh')['At least 8 characters']).toBe(true);
  });

  it('tells each rule apart', () => {
    expect(met('lowercase only')).toEqual({
      'At least 8 characters': true,
      '1 number': false,
      '1 capital letter': false,
      '1 small letter': true,
    });
    expect(met('ABC123')).toMatchObject({ '1 number': true, '1 capital letter': true, '1 small letter': false });
  });

  it('knows capitals and small letters beyond ASCII', () => {
    expect(met('Éé')).toMatchObject({ '1 capital letter': true, '1 small letter': true });
  });
});

describe('sign-up submission', () => {
  it('says "Passwords do not match!" when the confirmation differs', () => {
    expect(signUpPasswordProblem('abc', 'abd')).toBe('Passwords do not match!');
  });

  it('accepts matching passwords even when the checklist is not met', () => {
    expect(signUpPasswordProblem('abc', 'abc')).toBeNull();
  });
});
