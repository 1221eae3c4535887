import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent: HTTPS to globally reachable unicast addresses only. The host is
 * resolved once, every address it resolves to is checked (a name with one non-public address is
 * refused), and the delivery connects to a checked address: there is no second lookup between
 * the check and the connection. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1) lifts the https and
 * address rules for development and tests; the host is still resolved once and pinned.
 *
 * The address tables follow the IANA IPv4 and IPv6 Special-Purpose Address Registries; see
 * docs/webhooks.md for the blocks and why each is refused.
 */
/** The development setting that lifts the https and address rules; the refusals name it. */
export const ALLOW_PRIVATE_SETTING = 'WEBHOOKS_ALLOW_PRIVATE';

export interface CheckedTarget { url: URL; address: string; family: 4 | 6 }
export type TargetCheck = { refused: string } | { target: CheckedTarget };
export type Resolver = (host: string) => Promise<string[]>;

export const resolveAll: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export async function checkTarget(raw: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<TargetCheck> {
  let url: URL;
  try { url = new URL(raw); } catch { return { refused: 'Not a valid URL' }; }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { refused: url.protocol === 'http:' ? `The URL must use https (plain http only with ${ALLOW_PRIVATE_SETTING}=1, a development setting)` : 'The URL must use https' };
  }
  if (url.username || url.password) return { refused: 'The URL must not carry credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try { addresses = isIP(host) ? [host] : await resolve(host); } catch { return { refused: `The host ${host} cannot be resolved` }; }
  if (!addresses.length) return { refused: `The host ${host} cannot be resolved` };
  if (!allowPrivate) {
    for (const address of addresses) {
      const why = nonPublicReason(address);
      if (why) return { refused: `The URL resolves to a non-public address (${address}: ${why}); a receiver on your own machine or network needs ${ALLOW_PRIVATE_SETTING}=1, a development setting` };
    }
  }
  return { target: { url, address: addresses[0], family: isIP(addresses[0]) === 6 ? 6 : 4 } };
}

/** The refusal of `raw` as a webhook target, or null when it may be used. */
export async function refusedTarget(raw: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<string | null> {
  const check = await checkTarget(raw, allowPrivate, resolve);
  return 'refused' in check ? check.refused : null;
}

type Block = readonly [cidr: string, what: string];

/** IPv4 blocks not globally reachable (IANA IPv4 Special-Purpose Address Registry), plus multicast. */
export const IPV4_NOT_PUBLIC: readonly Block[] = [
  ['0.0.0.0/8', '"this network" (RFC 791)'],
  ['10.0.0.0/8', 'private-use (RFC 1918)'],
  ['100.64.0.0/10', 'shared address space (RFC 6598)'],
  ['127.0.0.0/8', 'loopback (RFC 1122)'],
  ['169.254.0.0/16', 'link-local, cloud metadata (RFC 3927)'],
  ['172.16.0.0/12', 'private-use (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments (RFC 6890)'],
  ['192.0.2.0/24', 'documentation TEST-NET-1 (RFC 5737)'],
  ['192.88.99.0/24', 'deprecated 6to4 relay anycast (RFC 7526)'],
  ['192.168.0.0/16', 'private-use (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking (RFC 2544)'],
  ['198.51.100.0/24', 'documentation TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0/24', 'documentation TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0/4', 'multicast (RFC 5771)'],
  ['240.0.0.0/4', 'reserved, limited broadcast (RFC 1112, RFC 919)'],
];

/** Blocks inside global unicast 2000::/3 that are not globally reachable (IANA IPv6 Special-Purpose Address Registry). */
export const IPV6_NOT_PUBLIC: readonly Block[] = [
  ['2001::/23', 'IETF protocol assignments, Teredo 2001::/32 among them (RFC 2928, RFC 4380)'],
  ['2001:db8::/32', 'documentation (RFC 3849)'],
  ['3fff::/20', 'documentation (RFC 9637)'],
  ['5f00::/16', 'segment routing SIDs (RFC 9602)'],
];

function blockList(blocks: readonly Block[], family: 'ipv4' | 'ipv6') {
  return blocks.map(([cidr, what]) => {
    const [network, bits] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(network, Number(bits), family);
    return { list, what: `${cidr} ${what}` };
  });
}

const V4_BLOCKS = blockList(IPV4_NOT_PUBLIC, 'ipv4');
const V6_BLOCKS = blockList(IPV6_NOT_PUBLIC, 'ipv6');

/**
 * Why `address` is not a public unicast address, or null when it is. IPv6 is an allow-list: only
 * global unicast 2000::/3 outside the registry's non-global blocks; forms that carry an IPv4
 * address (mapped, compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address.
 */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return V4_BLOCKS.find((block) => block.list.check(address, 'ipv4'))?.what ?? null;
  if (family !== 6) return 'not an IP address';
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded) {
    const why = nonPublicReason(embedded.address);
    return why ? `${embedded.form} of ${embedded.address}, ${why}` : null;
  }
  if ((groups[0] & 0xe000) !== 0x2000) return 'outside global unicast 2000::/3 (loopback, unspecified, link-local, site-local, unique local, multicast, discard, translated and reserved ranges)';
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return V6_BLOCKS.find((block) => block.list.check(canonical, 'ipv6'))?.what ?? null;
}

/** Kept for callers that only need a yes or no. */
export const isInternalAddress = (address: string): boolean => nonPublicReason(address) !== null;

function embeddedIpv4(groups: number[]): { form: string; address: string } | null {
  const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return { form: 'IPv4-mapped ::ffff:0:0/96', address: dotted(groups[6], groups[7]) };
  if (zeros(0, 6)) return { form: 'IPv4-compatible ::/96', address: dotted(groups[6], groups[7]) };
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return { form: 'NAT64 64:ff9b::/96', address: dotted(groups[6], groups[7]) };
  if (groups[0] === 0x2002) return { form: '6to4 2002::/16', address: dotted(groups[1], groups[2]) };
  return null;
}

/** The eight 16-bit groups of an IPv6 address already validated by `isIP` (a zone id is dropped). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

export interface PinnedAnswer { status: number; headers: IncomingMessage['headers']; excerpt: Uint8Array }

/**
 * POSTs `body` to a checked target, connecting to its checked address only (the name still goes
 * in the Host header and TLS server name, and the certificate is verified for it). Redirects are
 * not followed; at most `maxBytes` of the answer are read.
 */
export function postPinned(target: CheckedTarget, options: { headers: Record<string, string>; body: string; signal: AbortSignal; maxBytes: number }): Promise<PinnedAnswer> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const host = target.url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const req = request(target.url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      signal: options.signal,
      servername: isIP(host) ? undefined : host,
      lookup: (_host: string, lookupOptions: { all?: boolean }, callback: (...args: any[]) => void) => {
        if (lookupOptions?.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      },
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        response.removeAllListeners('data');
        response.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, excerpt: Buffer.concat(chunks) });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxBytes) finish();
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
