import { pinHost, requestPinned, resolveAll, type PinnedAnswer, type PinnedTarget, type Resolver } from '../../lib/pinned-request';

/**
 * Who a client is: registered through RFC 7591 (`POST /oauth/register`), or described by a Client ID
 * Metadata Document, whose https URL is the client_id. Only public clients exist here (no client
 * secret, `token_endpoint_auth_method: none`): PKCE binds a code to the program that asked for it.
 */

export interface ClientRecord {
  clientId: string;
  origin: 'registered' | 'metadata_document';
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
}

/** Refused metadata, with the RFC 7591 error code the registration endpoint answers. */
export class ClientMetadataRefused extends Error {
  constructor(message: string, readonly code: 'invalid_client_metadata' | 'invalid_redirect_uri' = 'invalid_client_metadata') { super(message); }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MAX_DOCUMENT_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

const parseUrl = (value: string): URL | null => {
  try { return new URL(value); } catch { return null; }
};

/**
 * A redirect URI a client may register: https, or http on the loopback interface (native apps,
 * RFC 8252 §7.3); never a fragment. Redirects are then matched exactly, character for character.
 */
export function redirectUriRefusal(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length > 2000 || uri.includes('\u0000')) return 'a redirect URI is a string of at most 2000 characters';
  const url = parseUrl(uri);
  if (!url) return `${uri} is not an absolute URL`;
  if (url.hash || uri.includes('#')) return `${uri} has a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${uri} is neither https nor http on the loopback interface (127.0.0.1, [::1], localhost)`;
}

const optionalString = (value: unknown, field: string, max: number): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max || value.includes('\u0000')) throw new ClientMetadataRefused(`${field} must be a string of at most ${max} characters`);
  return value;
};

/** The metadata fields Cuadra uses, checked; others are ignored (RFC 7591 §2). */
export function readClientMetadata(input: unknown): Omit<ClientRecord, 'clientId' | 'origin'> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new ClientMetadataRefused('The client metadata must be a JSON object');
  const metadata = input as Record<string, unknown>;
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) throw new ClientMetadataRefused('redirect_uris must list 1 to 10 URIs', 'invalid_redirect_uri');
  for (const uri of uris) {
    const refusal = redirectUriRefusal(uri);
    if (refusal) throw new ClientMetadataRefused(refusal, 'invalid_redirect_uri');
  }
  const method = metadata.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') throw new ClientMetadataRefused(`token_endpoint_auth_method ${String(method)} is not supported: clients are public ("none") and prove themselves with PKCE`);
  if ('client_secret' in metadata) throw new ClientMetadataRefused('A client here has no secret: remove client_secret');
  const grantTypes = metadata.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new ClientMetadataRefused('grant_types may hold authorization_code and refresh_token only');
  }
  const responseTypes = metadata.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) throw new ClientMetadataRefused('response_types may hold code only');
  const clientUri = optionalString(metadata.client_uri, 'client_uri', 2000);
  if (clientUri && parseUrl(clientUri)?.protocol !== 'https:' && parseUrl(clientUri)?.protocol !== 'http:') throw new ClientMetadataRefused('client_uri must be an http(s) URL');
  const name = optionalString(metadata.client_name, 'client_name', 200)?.trim();
  return { clientName: name || (clientUri ? new URL(clientUri).host : 'Unnamed client'), clientUri, redirectUris: [...new Set(uris as string[])] };
}

/** Whether a client_id is a metadata document URL (as opposed to one this server issued). */
export const isMetadataDocumentUrl = (clientId: string) => /^https?:\/\//i.test(clientId);

/**
 * Why `clientId` cannot be a metadata document URL, or null: https with a path, no fragment,
 * credentials or dot segments, and a host name (an address literal or localhost would let a caller
 * make this server fetch from inside its own network). `allowLoopback` (a development setting)
 * also admits http://127.0.0.1 and http://localhost.
 */
export function metadataUrlRefusal(clientId: string, allowLoopback: boolean): string | null {
  const url = parseUrl(clientId);
  if (!url) return 'client_id is not a URL';
  const loopback = allowLoopback && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  if (url.protocol !== 'https:' && !loopback) return 'A client_id URL must be https (plain http only from 127.0.0.1 under OAUTH_ALLOW_LOOPBACK_CLIENT_METADATA, for development)';
  if (url.hash || clientId.includes('#') || url.username || url.password) return 'A client_id URL has no fragment and no credentials';
  // the URL parser removes dot segments, so they are looked for in the client_id as written
  const writtenPath = clientId.split(/[?#]/)[0].replace(/^[a-z]+:\/\/[^/]*/i, '');
  if (url.pathname === '/' || /(^|\/)\.\.?(\/|$)/.test(writtenPath)) return 'A client_id URL has a path, without . or .. segments';
  if (!loopback && (url.hostname === 'localhost' || /^\[|^\d+\.\d+\.\d+\.\d+$/.test(url.hostname))) return 'A client_id URL names its host by a public DNS name, not an address or localhost';
  return null;
}

/**
 * Fetches and checks a client's metadata document: 200, JSON, at most 16 KiB, no redirects, within
 * five seconds, and its `client_id` equal to the URL it came from.
 */
export async function fetchClientMetadataDocument(clientId: string, allowLoopback: boolean, resolve: Resolver = resolveAll): Promise<ClientRecord> {
  const refusal = metadataUrlRefusal(clientId, allowLoopback);
  if (refusal) throw new ClientMetadataRefused(refusal);
  const url = new URL(clientId);
  const target = await checkedHost(url, !(allowLoopback && url.protocol === 'http:'), resolve);
  let answer: PinnedAnswer;
  try {
    answer = await requestPinned(target, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), maxBytes: MAX_DOCUMENT_BYTES + 1 });
  } catch {
    throw new ClientMetadataRefused(`The client metadata document at ${clientId} could not be fetched`);
  }
  if (answer.status !== 200) throw new ClientMetadataRefused(`The client metadata document at ${clientId} answered ${answer.status}`);
  const bytes = answer.excerpt;
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new ClientMetadataRefused(`The client metadata document is larger than ${MAX_DOCUMENT_BYTES} bytes`);
  let document: unknown;
  try { document = JSON.parse(new TextDecoder().decode(bytes)); } catch { throw new ClientMetadataRefused('The client metadata document is not JSON'); }
  if ((document as { client_id?: unknown } | null)?.client_id !== clientId) throw new ClientMetadataRefused('The client metadata document names another client_id than its own URL');
  return { clientId, origin: 'metadata_document', ...readClientMetadata(document) };
}


/**
 * A metadata document's host must resolve to public addresses only, so a client_id cannot make
 * this server fetch from its own network. The name is resolved once and the fetch connects to the
 * address checked (lib/pinned-request.ts): a name that answers differently the second time is
 * never asked a second time.
 */
async function checkedHost(url: URL, publicOnly: boolean, resolve: Resolver): Promise<PinnedTarget> {
  const pinned = await pinHost(url, publicOnly, resolve);
  if ('target' in pinned) return pinned.target;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  throw new ClientMetadataRefused('unresolvable' in pinned ? `The host of the client_id URL (${hostname}) does not resolve`
    : `The host of the client_id URL (${hostname}) resolves to a private, loopback or reserved address`);
}
