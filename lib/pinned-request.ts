import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { nonPublicReason } from './public-address';

/** A URL whose host was resolved and checked once, with the address to connect to. */
export interface PinnedTarget { url: URL; address: string; family: 4 | 6 }

/** Every address a host name resolves to. */
export type Resolver = (host: string) => Promise<string[]>;
export const resolveAll: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Resolves a URL's host once and pins the first address: `unresolvable` when the name has none,
 * `nonPublic` with the first address that is not global unicast (when `publicOnly`: one such
 * address refuses the name), otherwise the target to connect to with `requestPinned`.
 */
export async function pinHost(url: URL, publicOnly: boolean, resolve: Resolver = resolveAll):
  Promise<{ unresolvable: true } | { nonPublic: { address: string; why: string } } | { target: PinnedTarget }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try { addresses = isIP(host) ? [host] : await resolve(host); } catch { return { unresolvable: true }; }
  if (!addresses.length) return { unresolvable: true };
  if (publicOnly) {
    for (const address of addresses) {
      const why = nonPublicReason(address);
      if (why) return { nonPublic: { address, why } };
    }
  }
  return { target: { url, address: addresses[0]!, family: isIP(addresses[0]!) === 6 ? 6 : 4 } };
}

export interface PinnedAnswer { status: number; headers: IncomingMessage['headers']; excerpt: Uint8Array }

/**
 * One HTTP request to a checked target, connecting to its checked address only: the host name
 * still goes in the Host header and the TLS server name, and the certificate is verified for it,
 * but there is no second DNS lookup between the check and the connection (a name that answers a
 * public address to the check and a private one to the connection gets nowhere). Redirects are
 * not followed; at most `maxBytes` of the answer are read.
 */
export function requestPinned(target: PinnedTarget, options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal; maxBytes: number }): Promise<PinnedAnswer> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const host = target.url.hostname.replace(/^\[|\]$/g, '');
  const headers = options.body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
  return new Promise((resolve, reject) => {
    const req = request(target.url, {
      method: options.method,
      headers,
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
