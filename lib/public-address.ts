import { BlockList, isIP } from 'node:net';

/**
 * Whether an address is public: globally reachable unicast, by the IANA IPv4 and IPv6
 * Special-Purpose Address Registries. What the server fetches or posts to on a caller's say-so
 * (webhook targets, OAuth client metadata documents) must resolve to such addresses only, so a
 * caller cannot make it reach into its own network (docs/webhooks.md lists the blocks and why).
 */
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
