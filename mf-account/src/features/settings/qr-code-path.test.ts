import { qrCodePath } from './qr-code-path';

function modules(rows: string[]) {
  return { size: rows.length, get: (row: number, column: number) => rows[row]![column] === '#' };
}

describe('QR code path', () => {
  it('draws each run of dark squares of a row as one rectangle', () => {
    expect(qrCodePath(modules(['##.', '.#.', '#.#']))).toBe('M0 0h2v1H0zM1 1h1v1H1zM0 2h1v1H0zM2 2h1v1H2z');
  });

  it('draws nothing for an empty code', () => {
    expect(qrCodePath(modules(['..', '..']))).toBe('');
  });
});

describe('QR code path of a real code', () => {
  it("draws every dark square of qrcode's matrix, and nothing else", async () => {
    const { create } = await import('qrcode');
    const { modules } = create('otpauth://totp/Earnly:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Earnly', { errorCorrectionLevel: 'M' });
    let dark = 0;
    for (let row = 0; row < modules.size; row += 1) for (let column = 0; column < modules.size; column += 1) dark += modules.get(row, column) ? 1 : 0;
    const drawn = [...qrCodePath(modules).matchAll(/h(\d+)/g)].reduce((sum, [, width]) => sum + Number(width), 0);
    expect(drawn).toBe(dark);
    expect(dark).toBeGreaterThan(0);
  });
});
