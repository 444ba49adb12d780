import { BlockList, isIP } from 'node:net';
import { normaliseIp } from '../../ip-address';

/** Addresses and CIDR ranges (`52.42.57.125`, `2a01:4f8::/32`) a wall's callbacks may come from. */
export type IpAllowlist = { entries: readonly string[]; allows(address: string): boolean };

/** Parses a list of addresses and ranges; throws naming the entry it cannot read. */
export function ipAllowlist(entries: readonly string[]): IpAllowlist {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has no valid prefix length`);
    list.addSubnet(address, bits, type);
  }
  return {
    entries,
    allows(address) {
      const ip = normaliseIp(address);
      const family = isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
