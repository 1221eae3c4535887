import type { Role } from './roles';

/** Who is acting: a person with a session, or a bot with an API key. */
export interface Principal {
  kind: 'session' | 'api_key';
  userId: string;
  /** Active tenant; null for a signed-in user who has not created or joined one. */
  tenantId: string | null;
  role: Role | null;
  apiKeyId?: string;
  /**
   * The lasting credential this principal comes from, as its authenticator names it (e.g. an OAuth
   * grant, whose tokens come and go), for work that must act as it again later:
   * `kernel.principalOfCredential` asks the authenticators to rebuild the principal as it is then.
   */
  credential?: string;
  /** API keys created with scopes: what they narrow the role to (see kernel/scopes.ts). */
  scopes?: readonly string[];
  /** Sessions: the login this credential belongs to, and when it happened (epoch milliseconds). */
  sessionId?: string;
  sessionStartedAt?: number;
  /** Epoch milliseconds after which the credential must be checked again (token or key expiry). */
  validUntil?: number;
  /**
   * Credentials issued for one resource (RFC 8707: an OAuth access token's `resource`): the
   * authenticator that issued it says, per request, whether the request is addressed to it.
   */
  audience?: string;
  /**
   * The company whose access this principal acts through, when it is not a member of `tenantId`
   * itself: an accounting firm's member or API key acting for a client company the firm was
   * granted access to.
   */
  viaTenantId?: string;
  /** A session signed in with a temporary password: it may only change it (routes with `signedIn: 'password-change'`). */
  passwordChangeRequired?: boolean;
}

export const PASSWORD_CHANGE_REQUIRED = 'Change your temporary password first (POST /api/v1/auth/change-password): until then this session may only do that, read /api/v1/auth/me or log out';

/**
 * Turns a bearer credential into a principal, or throws Unauthorized/Forbidden. The identity plugin
 * registers the implementations (session JWT, API key); the kernel only knows the contract.
 */
export interface Authenticator {
  /** True when this authenticator recognises the credential's format. */
  accepts(credential: string): boolean;
  authenticate(credential: string, requestedTenantId: string | null): Promise<Principal>;
  /**
   * Why `principal` (from this authenticator, possibly cached) may not act on `request`, or null
   * when it may: an audience-bound token presented to another resource. Runs on every request.
   */
  refusal?(principal: Principal, request: Request): string | null;
  /** The principal of a credential this authenticator issued (`Principal.credential`) as it stands now, or null when it no longer acts. */
  principalOf?(credential: string): Promise<Principal | null>;
}
