/** An address as we compare and store it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4, lowercase. */
export function normaliseIp(address: string): string {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  return mapped ? mapped[1]! : text;
}
