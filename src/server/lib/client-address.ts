import { isIPv4, isIPv6 } from 'node:net';

/*
 * One IPv6 client is given a whole /64 by its provider and can pick a new address in it for every
 * request, so a counter per IPv6 address would count nothing: IPv6 clients are keyed by their /64.
 * An IPv4-mapped IPv6 address (::ffff:203.0.113.7, what a dual-stack socket reports) is that IPv4
 * client.
 */

/** The 128 bits of an IPv6 address (zone dropped), or undefined for anything else. */
export function ipv6Bits(address: string): bigint | undefined {
  const text = address.split('%')[0] ?? '';
  if (!isIPv6(text)) return undefined;
  let groups = text.split(':');
  const last = groups.at(-1) ?? '';
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    groups = [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  const gap = groups.indexOf('');
  if (gap !== -1) {
    const head = groups.slice(0, gap).filter(Boolean);
    const tail = groups.slice(gap + 1).filter(Boolean);
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const MAPPED_PREFIX = 0xffffn;

/** The IPv4 address an IPv4-mapped IPv6 address stands for, or undefined. */
function mappedIpv4(bits: bigint): string | undefined {
  if (bits >> 32n !== MAPPED_PREFIX) return undefined;
  return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.');
}

/** What per-client counters key on: an IPv4 address as it is, an IPv6 client as its /64. */
export function clientAddressKey(ip: string): string {
  const bits = ipv6Bits(ip);
  if (bits === undefined) return ip;
  const ipv4 = mappedIpv4(bits);
  if (ipv4) return ipv4;
  const groups = [48n, 32n, 16n, 0n].map((shift) => (((bits >> 64n) >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}

/** Widest ranges TRUST_PROXY may name: 10.0.0.0/8 and the private IPv6 block fc00::/7 still pass. */
const WIDEST_PREFIX = { ipv4: 8, ipv6: 7 };

/**
 * True when trusting `address/prefix` as a proxy would trust a crowd of clients: a range wider than
 * /8 (IPv4) or /7 (IPv6), or an IPv6 range that takes in IPv4 clients as their mapped addresses.
 */
export function isTooWideForProxies(address: string, prefix: number): boolean {
  if (isIPv4(address)) return prefix < WIDEST_PREFIX.ipv4;
  const bits = ipv6Bits(address);
  if (bits === undefined) return true;
  if (prefix > 96) return bits >> 32n === MAPPED_PREFIX ? prefix - 96 < WIDEST_PREFIX.ipv4 : false;
  const shift = BigInt(128 - prefix);
  return prefix < WIDEST_PREFIX.ipv6 || bits >> shift === (MAPPED_PREFIX << 32n) >> shift;
}

/**
 * How long a browser or an address that signed in stays known to the account (the device cookie's
 * life, and how long an address is remembered after its last sign-in).
 */
export const KNOWN_CLIENT_MS = 180 * 24 * 60 * 60 * 1000;
