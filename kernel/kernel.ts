import type { Metrics } from './metrics';
import type { Config } from './config';
import type { Database } from './database';
import type { ExtensionPointName, ExtensionPoints, ExtensionRegistry } from './extensions';
import type { PluginSettings, SettingsValues } from './settings';
import { Unauthorized } from './errors';
import type { HookBus } from './hooks';
import type { Logger } from './logger';
import type { Mailer } from '../lib/mail';
import type { FileStore } from '../lib/file-store';
import type { OutboxDispatcher } from './outbox';
import type { Authenticator, Principal } from './principal';
import type { Role } from './roles';
import type { CounterStore } from '../lib/throttle';
import { PrincipalCache } from './principal-cache';
import { scopeCovers, scopesAllow } from './scopes';
import { UnitOfWork } from './uow';
import type { HttpContext } from './http';
import { randomBytes } from 'node:crypto';
import { RequestTransaction } from './request-transaction';

const DELEGATION_PREFIX = 'cuadra-delegated.';
const bearerOf = (request: Request): string | null => {
  const header = request.headers.get('authorization');
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1] ?? null;
};

const IN_PROCESS_HEADER = 'x-cuadra-in-process';

/** Permission → roles, collected from every plugin; an unknown permission is a start-up error. */
export class PermissionRegistry {
  private readonly map = new Map<string, readonly Role[]>();
  private readonly extraReadScopes = new Map<string, readonly string[]>();
  add(plugin: string, permissions: Record<string, readonly Role[]>): void {
    for (const [name, roles] of Object.entries(permissions)) {
      if (this.map.has(name)) throw new Error(`Permission "${name}" (plugin ${plugin}) is declared twice`);
      this.map.set(name, roles);
    }
  }
  /** Scopes beyond the permission's own area that may use a `.read` permission (reference data). */
  addReadableWithScopes(plugin: string, readable: Record<string, readonly string[]>): void {
    for (const [name, scopes] of Object.entries(readable)) {
      if (!name.endsWith('.read')) throw new Error(`readableWithScopes of plugin ${plugin}: "${name}" is not a .read permission`);
      this.extraReadScopes.set(name, [...(this.extraReadScopes.get(name) ?? []), ...scopes]);
    }
  }
  rolesFor(permission: string): readonly Role[] {
    const roles = this.map.get(permission);
    if (!roles) throw new Error(`Unknown permission "${permission}": declare it in a plugin's permissions`);
    return roles;
  }
  all(): ReadonlyMap<string, readonly Role[]> { return this.map; }

  /**
   * Why `principal` may not use `permission` (no company, its role, its API key's scopes), or null
   * when it may. The one check every route guard and every aggregate (search, dashboards, MCP) asks.
   */
  refusal(principal: Principal, permission: string): string | null {
    const roles = this.rolesFor(permission);
    if (!principal.tenantId || !principal.role) return 'No active company: complete onboarding or switch tenant first';
    if (!roles.includes(principal.role)) return `Your role (${principal.role}) does not allow ${permission}`;
    const extra = this.extraReadScopes.get(permission);
    const byExtraScope = !!extra && !!principal.scopes?.some((scope) => extra.some((wanted) => scopeCovers(scope, wanted)));
    if (!byExtraScope && !scopesAllow(principal.scopes, permission)) return `This API key's scopes do not allow ${permission}`;
    return null;
  }

  /** May `principal` read or do what `permission` guards: the same answer the route guard gives. */
  allows(principal: Principal, permission: string): boolean {
    return this.refusal(principal, permission) === null;
  }
}

/**
 * Services plugins publish for their dependants, typed by declaration merging as hooks are: the
 * owning plugin declares
 *   declare module '../../kernel/kernel' { interface Services { identity: IdentityService } }
 * and registers it in `setup` with `kernel.provide('identity', service)`; a dependant reads it with
 * `kernel.service('identity')` (typed, no cast). Only declare a service some other plugin reads.
 */
// biome-ignore lint: empty on purpose, filled by plugins
export interface Services {}
export type ServiceName = keyof Services & string;

/** A write request (POST, PUT, PATCH, DELETE) its route answered with a 2xx, as the request pipeline saw it. */
export interface CompletedWrite {
  principal: Principal;
  method: string;
  /** The route as declared, parameters in braces: `/api/v1/invoices/{id}/issue`. */
  route: string;
  /** The object written: the `id` of a created (201) object, else the route's last path parameter, else the answer's `id`. */
  objectId: string | null;
  status: number;
  clientIp: string;
  requestId: string | null;
}

/**
 * Told of every completed write, before the response leaves: inside the request's transaction when
 * it has one (an Idempotency-Key), so what it writes commits with the write, and a throw fails the
 * request (500, the write rolled back); otherwise right after the write committed, when a throw can
 * no longer undo it: it is logged, and the caller still gets the write's answer.
 */
export type WriteObserver = (write: CompletedWrite) => Promise<void>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a completed write's answer says it created or changed (its top-level `id`), if it is JSON. */
async function answeredId(response: Response): Promise<string | null> {
  if (!response.headers.get('content-type')?.includes('application/json')) return null;
  try {
    const id = ((await response.clone().json()) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/** What the kernel hands every plugin. It knows no feature. */
export class Kernel {
  readonly authenticators: Authenticator[] = [];
  readonly permissions = new PermissionRegistry();
  readonly principals = new PrincipalCache();
  /** Services that plugins publish for their dependants (see `Services`). */
  private readonly services = new Map<string, unknown>();
  http!: HttpContext;
  /** Prometheus metrics: plugins add counters and gauges at setup (kernel/metrics.ts). */
  metrics!: Metrics;
  /** The body schema of a route (`POST`, `/api/v1/contacts`), once every route is mounted. */
  bodySchemaOf: (method: string, route: string) => unknown = () => undefined;
  /** The GET path that lists the records a field such as `contact_id` names (validation messages point to it). */
  listPathFor: (field: string) => string | undefined = () => undefined;
  /** The OpenAPI `detail` of a route (`x-permission`, `x-effect`, …), once every route is mounted. */
  routeDetailOf: (method: string, route: string) => Record<string, unknown> | undefined = () => undefined;
  /** In-process credentials of `dispatchAs`, each valid while its one request runs. */
  private readonly delegations = new Map<string, Principal>();
  /**
   * The app's own request pipeline (rate limits, idempotency, routes), for plugins that act through
   * the API on a caller's behalf (the MCP server); set by the app once every route is mounted.
   */
  dispatch: (request: Request, clientIp?: string) => Promise<Response> = () => { throw new Error('The app is not started yet'); };
  /**
   * The `WWW-Authenticate` value of a 401 for `request` (RFC 6750); a plugin that publishes how to
   * obtain a credential (OAuth protected resource metadata) replaces it at setup.
   */
  authenticationChallenge: (request: Request, error?: string) => string = () => 'Bearer';
  /** Marks requests the app makes on a caller's behalf (`dispatch`); unguessable, per process. */
  private readonly inProcessMark = crypto.randomUUID();
  /** The OpenAPI document of every mounted route (built once, on first use). */
  openApiDocument: () => any = () => { throw new Error('The app is not started yet'); };
  /** Socket address and request id of each request being handled (set by the app's request pipeline). */
  private readonly requests = new WeakMap<Request, { ip: string; requestId: string }>();
  /** Requests whose handler was reached (authenticated, validated and past the kernel's input guards), with their route. */
  private readonly executing = new WeakMap<Request, { route: string; params: Record<string, string>; principal?: Principal }>();
  private readonly writeObservers: { plugin: string; observe: WriteObserver }[] = [];

  private extensionRegistry?: ExtensionRegistry;
  private settingValues = new Map<PluginSettings<any>, unknown>();

  constructor(
    readonly config: Config,
    readonly logger: Logger,
    readonly db: Database,
    readonly hooks: HookBus,
    readonly mail: Mailer,
    readonly outbox: OutboxDispatcher,
    readonly counters: CounterStore,
    /** Per-tenant file storage (local disk or S3-compatible, `FILE_STORE`). */
    readonly files: FileStore,
  ) {}

  /** Called once by the app at start-up with what it collected from the plugins. */
  install(extensions: ExtensionRegistry, settings: Map<PluginSettings<any>, unknown>): void {
    this.extensionRegistry = extensions;
    this.settingValues = settings;
  }

  /** What installed plugins contribute to `point`, in plugin load order (for the point's owner). */
  contributions<P extends ExtensionPointName>(point: P): ExtensionPoints[P][] {
    return this.extensions.contributors(point).map((c) => c.value);
  }

  get extensions(): ExtensionRegistry {
    if (!this.extensionRegistry) throw new Error('Extension points are collected at start-up, before setup runs');
    return this.extensionRegistry;
  }

  /** A plugin's validated settings (the object it listed as `settings` in definePlugin). */
  settings<S extends PluginSettings<any>>(settings: S): SettingsValues<S> {
    if (!this.settingValues.has(settings)) throw new Error('These settings belong to no installed plugin: list them as its `settings`');
    return this.settingValues.get(settings) as SettingsValues<S>;
  }

  /** `request`, marked as made by the app itself on behalf of the request it is handling. */
  markInProcess(request: Request): Request {
    request.headers.set(IN_PROCESS_HEADER, this.inProcessMark);
    return request;
  }

  /** True for a request made through `dispatch` (an MCP tool call), false for one from the network. */
  dispatchedInProcess(request: Request): boolean {
    return request.headers.get(IN_PROCESS_HEADER) === this.inProcessMark;
  }

  remember(request: Request, facts: { ip: string; requestId: string }): void { this.requests.set(request, facts); }

  requestId(request: Request): string | undefined { return this.requests.get(request)?.requestId; }

  /** Set by the HTTP context once a request passed every check and its route's handler may act. */
  markExecuting(request: Request, facts: { route: string; params?: Record<string, string>; principal?: Principal } = { route: '' }): void {
    this.executing.set(request, { route: facts.route, params: facts.params ?? {}, principal: facts.principal });
  }

  /** Registers `observe` for every completed write (see WriteObserver); plugins call it in `setup`. */
  observeWrites(plugin: string, observe: WriteObserver): void {
    this.writeObservers.push({ plugin, observe });
  }

  /**
   * Called by the request pipeline with each answer: a write of a principal acting in a company,
   * answered 2xx by its route's handler, goes to every write observer.
   */
  async completed(request: Request, response: Response): Promise<void> {
    if (!this.writeObservers.length || !WRITE_METHODS.has(request.method) || response.status < 200 || response.status > 299) return;
    const facts = this.executing.get(request);
    if (!facts?.principal?.tenantId) return;
    // a path parameter may be parsed to a number (a year): the object id is its text
    const last = Object.values(facts.params).at(-1);
    const lastParam = last === undefined || last === null ? null : String(last);
    const objectId = response.status === 201 ? (await answeredId(response)) ?? lastParam : lastParam ?? (await answeredId(response));
    const write: CompletedWrite = {
      principal: facts.principal, method: request.method, route: facts.route.replace(/:(\w+)/g, '{$1}'), objectId,
      status: response.status, clientIp: this.clientIp(request), requestId: this.requestId(request) ?? null,
    };
    const inTransaction = RequestTransaction.current() !== undefined;
    for (const { plugin, observe } of this.writeObservers) {
      if (inTransaction) await observe(write);
      else await observe(write).catch((error) => this.logger.error('a write observer failed after the write committed', { plugin, method: write.method, route: write.route, error }));
    }
  }

  /** False for a request answered before its handler ran (bad credentials, validation, parse errors). */
  startedExecuting(request: Request): boolean { return this.executing.has(request); }

  /** The caller's address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
  clientIp(request: Request): string {
    if (this.config.trustProxy) {
      const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    return this.requests.get(request)?.ip ?? 'unknown';
  }

  /**
   * The unit of work of `principal`; for a request, its `X-Read-From: primary` header keeps its
   * reports (`uow.report`) off the read replica (read-your-writes).
   */
  unitOfWork(principal: Principal | null, request?: Request): UnitOfWork {
    const reportsFrom = request?.headers.get('x-read-from')?.trim().toLowerCase() === 'primary' ? 'primary' : 'replica';
    return new UnitOfWork(this.db, this.hooks, this.outbox, principal, this.logger, this.principals, reportsFrom);
  }

  provide<S extends ServiceName>(name: S, service: Services[S]): void {
    if (this.services.has(name)) throw new Error(`Service "${name}" is provided twice`);
    this.services.set(name, service);
  }

  service<S extends ServiceName>(name: S): Services[S] {
    const service = this.services.get(name);
    if (!service) throw new Error(`Service "${name}" is not provided: is its plugin installed and listed in dependsOn?`);
    return service as Services[S];
  }

  /**
   * Sends a request through the app's pipeline (rate limits, idempotency, routes) as `principal`,
   * whose credential it does not have: a plugin running later what a principal asked for (an
   * approved request). The request runs in its own transaction, outside the caller's. Its
   * Idempotency-Key belongs to the principal (`delegatedCaller`), the same on every instance.
   */
  async dispatchAs(principal: Principal, init: { method: string; path: string; body: string | null; contentType: string | null; idempotencyKey: string | null }): Promise<Response> {
    const token = `${DELEGATION_PREFIX}${randomBytes(32).toString('base64url')}`;
    this.delegations.set(token, principal);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (init.contentType) headers['content-type'] = init.contentType;
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
    try {
      return await RequestTransaction.outside(() => this.dispatch(new Request(new URL(init.path, this.config.publicUrl).href, {
        method: init.method, headers, body: init.body ?? undefined,
      }), 'in-process'));
    } finally {
      this.delegations.delete(token);
    }
  }

  /** For a request sent by `dispatchAs`, who it acts for (`api_key:<id>` or `user:<id>`); otherwise null. */
  delegatedCaller(request: Request): string | null {
    const principal = this.delegations.get(bearerOf(request) ?? '');
    if (!principal) return null;
    return principal.apiKeyId ? `api_key:${principal.apiKeyId}` : `user:${principal.userId}`;
  }

  /** The principal of a lasting credential (`Principal.credential`) as it stands now, or null when none of the authenticators knows it or it no longer acts. */
  async principalOfCredential(credential: string): Promise<Principal | null> {
    for (const authenticator of this.authenticators) {
      const principal = await authenticator.principalOf?.(credential);
      if (principal) return principal;
    }
    return null;
  }

  /** Resolves `Authorization: Bearer …` (and `X-Tenant-Id`) to a principal, or throws 401/403. */
  async authenticate(request: Request): Promise<Principal> {
    const credential = bearerOf(request);
    if (!credential) throw new Unauthorized('Not authenticated');
    const delegated = this.delegations.get(credential);
    if (delegated) return delegated;
    if (credential.startsWith(DELEGATION_PREFIX)) throw new Unauthorized('Invalid credentials');
    const authenticator = this.authenticators.find((a) => a.accepts(credential));
    if (!authenticator) throw new Unauthorized('Invalid credentials');
    const tenantHeader = request.headers.get('x-tenant-id')?.trim();
    const requestedTenant = tenantHeader ? tenantHeader : null;
    const principal = await this.principals.resolve(`${requestedTenant ?? ''} ${credential}`, () => authenticator.authenticate(credential, requestedTenant));
    const refusal = authenticator.refusal?.(principal, request);
    if (refusal) throw new Unauthorized(refusal, 'invalid_token');
    return principal;
  }
}
