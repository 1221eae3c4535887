import { pinHost, requestPinned, resolveAll, type PinnedAnswer, type PinnedTarget, type Resolver } from '../../lib/pinned-request';

/**
 * Where a webhook may be sent: HTTPS to globally reachable unicast addresses only. The host is
 * resolved once, every address it resolves to is checked (a name with one non-public address is
 * refused), and the delivery connects to a checked address: there is no second lookup between
 * the check and the connection. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1) lifts the https and
 * address rules for development and tests; the host is still resolved once and pinned.
 *
 * The address tables (lib/public-address.ts) follow the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries; see docs/webhooks.md for the blocks and why each is refused.
 */
/** The development setting that lifts the https and address rules; the refusals name it. */
export const ALLOW_PRIVATE_SETTING = 'WEBHOOKS_ALLOW_PRIVATE';

/** A webhook URL checked once, with the address its delivery connects to. */
export type CheckedTarget = PinnedTarget;
export type TargetCheck = { refused: string } | { target: CheckedTarget };
export { resolveAll, type Resolver };

export async function checkTarget(raw: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<TargetCheck> {
  let url: URL;
  try { url = new URL(raw); } catch { return { refused: 'Not a valid URL' }; }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { refused: url.protocol === 'http:' ? `The URL must use https (plain http only with ${ALLOW_PRIVATE_SETTING}=1, a development setting)` : 'The URL must use https' };
  }
  if (url.username || url.password) return { refused: 'The URL must not carry credentials' };
  const pinned = await pinHost(url, !allowPrivate, resolve);
  if ('unresolvable' in pinned) return { refused: `The host ${url.hostname.replace(/^\[|\]$/g, '')} cannot be resolved` };
  if ('nonPublic' in pinned) return { refused: `The URL resolves to a non-public address (${pinned.nonPublic.address}: ${pinned.nonPublic.why}); a receiver on your own machine or network needs ${ALLOW_PRIVATE_SETTING}=1, a development setting` };
  return pinned;
}

/** The refusal of `raw` as a webhook target, or null when it may be used. */
export async function refusedTarget(raw: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<string | null> {
  const check = await checkTarget(raw, allowPrivate, resolve);
  return 'refused' in check ? check.refused : null;
}

export { isInternalAddress, nonPublicReason } from '../../lib/public-address';

export type { PinnedAnswer };

/** POSTs `body` to a checked target, connected to its checked address only (lib/pinned-request.ts). */
export function postPinned(target: CheckedTarget, options: { headers: Record<string, string>; body: string; signal: AbortSignal; maxBytes: number }): Promise<PinnedAnswer> {
  return requestPinned(target, { method: 'POST', ...options });
}
