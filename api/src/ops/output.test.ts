import { jsonLine } from './output';

describe('jsonLine', () => {
  it('writes what a terminal acts on as \\u escapes and parses back to the same value', () => {
    const value = { name: 'Mallory \u001b]0;pwned\u0007 \u202eevil\u2066 \u0085', coins: 1000 };
    const line = jsonLine(value);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(line).toContain('\\u202e');
    expect(JSON.parse(line)).toEqual(value);
  });
});
