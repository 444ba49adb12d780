const MASK = '***';

/**
 * The account of a withdrawal as the history shows it: enough to recognise, not enough to copy.
 * `pat@example.com` → `pa***@example.com`; `LTC1q9x8v7c6b5n4m` → `LTC***n4m`; `ada_plays` → `ad***`.
 */
export function maskAccount(account: string): string {
  const value = account.trim();
  if (value === '') return '';
  const at = value.lastIndexOf('@');
  if (at > 0) {
    const local = value.slice(0, at);
    return `${local.slice(0, Math.min(2, local.length - 1) || 1)}${MASK}${value.slice(at)}`;
  }
  if (value.length <= 4) return `${value.slice(0, 1)}${MASK}`;
  if (value.length <= 10) return `${value.slice(0, 2)}${MASK}`;
  return `${value.slice(0, 3)}${MASK}${value.slice(-3)}`;
}
