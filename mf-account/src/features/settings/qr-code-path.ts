/** The squares of a QR code (`get(row, column)` is non-zero for a dark one), as `qrcode`'s `create()` gives them. */
export type QrModules = { size: number; get: (row: number, column: number) => number | boolean };

/** One SVG path drawing every dark square, a horizontal run of them as one rectangle (1 unit = 1 square). */
export function qrCodePath(modules: QrModules): string {
  const { size } = modules;
  // Called on the object: qrcode's BitMatrix reads its own data.
  const dark = (row: number, column: number) => Boolean(modules.get(row, column));
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && dark(row, column)) column += 1;
      parts.push(`M${start} ${row}h${column - start}v1H${start}z`);
    }
  }
  return parts.join('');
}
