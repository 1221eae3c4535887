import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a webhook may be sent: HTTPS to public addresses only. The host is resolved and every
 * address it resolves to is checked (a name with one private address is refused), when the
 * endpoint is saved and again before each delivery. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1)
 * lifts both rules for development and tests.
 */
export async function refusedTarget(raw: string, allowPrivate: boolean, resolve = resolveAll): Promise<string | null> {
  let url: URL;
  try { url = new URL(raw); } catch { return 'Not a valid URL'; }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'The URL must use https';
  if (url.username || url.password) return 'The URL must not carry credentials';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try { addresses = isIP(host) ? [host] : await resolve(host); } catch { return `The host ${host} cannot be resolved`; }
  if (!addresses.length) return `The host ${host} cannot be resolved`;
  const internal = addresses.find(isInternalAddress);
  return internal ? `The URL resolves to a private, loopback or link-local address (${internal})` : null;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const v4 = (address: string) => address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
const inV4 = (address: string, base: string, bits: number) => bits === 0 || Math.floor(v4(address) / 2 ** (32 - bits)) === Math.floor(v4(base) / 2 ** (32 - bits));
const V4_INTERNAL: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges (IPv4 and IPv6). */
export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 4) return V4_INTERNAL.some(([base, bits]) => inV4(address, base, bits));
  const groups = expandV6(address);
  if (!groups) return true;
  const embeddedV4 = `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    return groups[5] === 0 && groups[6] === 0 && groups[7] <= 1 ? true : isInternalAddress(embeddedV4); // ::, ::1, mapped and compatible
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return isInternalAddress(embeddedV4); // NAT64
  if ((groups[0] & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((groups[0] & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((groups[0] & 0xff00) === 0xff00) return true; // multicast
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  return false;
}

function expandV6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
