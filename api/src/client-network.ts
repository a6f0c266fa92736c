/**
 * The network a client address belongs to, for limits that must not let one household, office
 * or attacker count as many: an IPv4 address is its own (one NAT'd office shares one), an IPv6
 * address counts by its /64 (what one customer line is given, and what an attacker rotates
 * through for free).
 */
import { isIPv4, isIPv6 } from 'node:net';

export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
