/**
 * Which addresses an admin-typed URL may not reach (decisions 0194, 0195, 0343): on a shared
 * installation one tenant must not probe the server's own machine or network. Names are judged by
 * what they resolve to (lib/outbound.ts), so only addresses are listed here.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, and 0.0.0.0 which Linux connects to this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where clouds keep their metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries for NAT64 (64:ff9b::/96) or 6to4 (2002::/16), if any. */
const embeddedV4 = (ip: string): string | null => {
  const groups = expandV6(ip);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
};

/** The eight 16-bit groups of an IPv6 literal (no zone, no embedded dotted quad), or null. */
const expandV6 = (ip: string): number[] | null => {
  if (ip.includes('.') || ip.includes('%')) return null;
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - h.length - t.length).fill(0);
  const all = [...h, ...zeros, ...t];
  return all.length === 8 ? all : null;
};

/** A loopback, private, link-local, CGNAT, reserved, multicast or unspecified IP address (v4 or v6, mapped ones included). */
export const isPrivateAddress = (address: string): boolean => {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(ip, 'ipv6')) return true;
  const v4 = embeddedV4(ip);
  return v4 !== null && blocked.check(v4, 'ipv4');
};

/** What a refused URL's error says, so the operator knows the way out (issue 28 §6). */
export const PRIVATE_HOSTS_HINT = 'the server does not call this machine or a private network; set ALLOW_PRIVATE_HOSTS=1 to allow it';
