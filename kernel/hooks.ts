import type { Logger } from './logger';
import type { Tx } from './uow';

/**
 * Hook names and payloads. Plugins add theirs by declaration merging:
 *   declare module '../../kernel/hooks' { interface SyncHooks { 'invoice.issued': { invoiceId: string } } }
 * so an unknown name or a wrong payload fails to compile.
 */
export interface SyncHooks {
  /*
   * Lifecycle hooks of a tenant. The kernel declares them, not the plugin that fires them
   * (account), so every plugin owning data can answer them whether or not that plugin is installed;
   * with nobody firing them, the answers simply never run. A person's export hooks: lib/account-hooks.ts.
   */
  /**
   * A tenant is being erased (its sole owner deleted their account), in a unit of work for that
   * tenant: each plugin deletes its rows. Fire it with `{ reverse: true }`: subscribers then run in
   * reverse load order, so a plugin's dependants have deleted their rows before it deletes its own.
   * The tenants row goes last; foreign keys with `on delete cascade` from tenants catch anything left.
   */
  'tenant.erasing': { tenantId: string };
  /**
   * A credential that may only prepare (scope `drafts`) called a route with an effect. Runs in a
   * unit of work of the caller's tenant and principal, before the route's handler: the subscriber
   * keeps the request to run later and sets `answer` (what the caller gets instead, e.g. 202).
   * With no subscriber, or none that answers, the caller gets 403 and nothing runs.
   */
  'request.held': HeldRequest;
}

/** What a route does that cannot be undone by editing a draft (declared with the route's `effect` option). */
export const EFFECTS = ['issue', 'post', 'settle', 'close', 'delete', 'send'] as const;
export type Effect = (typeof EFFECTS)[number];

/** A request kept from its handler, with what is needed to send it again as it was. */
export interface HeldRequest {
  effect: Effect;
  /** The permission the route requires (null for a route that needs only a signed-in caller). */
  permission: string | null;
  method: string;
  /** Path and query as sent, `/api/v1/...`. */
  path: string;
  contentType: string | null;
  /** The JSON body as sent (not as validated), or null when there was none. */
  body: string | null;
  idempotencyKey: string | null;
  answer?: { status: number; body: unknown };
}
// biome-ignore lint: empty on purpose, filled by plugins
export interface Events {}

export type SyncHookName = keyof SyncHooks & string;
export type EventName = keyof Events & string;
export type SyncHandler<H extends SyncHookName> = (tx: Tx, payload: SyncHooks[H]) => Promise<void> | void;
export interface EventContext { eventId: string; tenantId: string | null; attempt: number; logger: Logger }
export type EventHandler<E extends EventName> = (payload: Events[E], ctx: EventContext) => Promise<void> | void;

interface Registered<F> { plugin: string; handler: F }

export interface EventSubscriptionOptions {
  /**
   * `subscribed`: the outbox fans the event out to this subscriber only for the tenants the plugin
   * has subscribed (`cuadra_outbox_subscribe_tenant`, docs/plugin-authors.md), so a plugin with
   * nothing to do for most tenants (webhooks without an endpoint) costs them no delivery at all.
   * `all` (the default): every tenant's events.
   */
  tenants?: 'all' | 'subscribed';
}

/**
 * Two mechanisms that never mix: sync hooks run inside the unit of work's transaction (a throw aborts
 * it); events are written to the outbox in that transaction and delivered after commit.
 */
export class HookBus {
  private readonly sync = new Map<string, Registered<SyncHandler<any>>[]>();
  private readonly events = new Map<string, (Registered<EventHandler<any>> & EventSubscriptionOptions)[]>();

  onSync<H extends SyncHookName>(name: H, plugin: string, handler: SyncHandler<H>): void {
    const list = this.sync.get(name) ?? [];
    list.push({ plugin, handler });
    this.sync.set(name, list);
  }

  onEvent<E extends EventName>(name: E, plugin: string, handler: EventHandler<E>, options: EventSubscriptionOptions = {}): void {
    const list = this.events.get(name) ?? [];
    list.push({ plugin, handler, tenants: options.tenants ?? 'all' });
    this.events.set(name, list);
  }

  /**
   * Runs every subscriber sequentially inside the caller's transaction, in plugin load order, or
   * in reverse (dependants first) for teardown hooks such as erasing a tenant's data.
   */
  async runSync<H extends SyncHookName>(tx: Tx, name: H, payload: SyncHooks[H], options: { reverse?: boolean } = {}): Promise<void> {
    const subscribers = this.sync.get(name) ?? [];
    for (const { handler } of options.reverse ? [...subscribers].reverse() : subscribers) await handler(tx, payload);
  }

  /** The after-commit subscriber of `name` registered by `plugin`. */
  eventHandler(name: string, plugin: string): EventHandler<any> | undefined {
    return this.events.get(name)?.find((r) => r.plugin === plugin)?.handler;
  }

  /** Event name → subscribing plugins in load order (what the outbox fans events out to). */
  eventSubscribers(): Record<string, string[]> {
    return Object.fromEntries([...this.events].map(([name, list]) => [name, list.map((r) => r.plugin)]));
  }

  /** Who takes event `name`: every tenant's (some subscriber is not tenant-scoped), or only the tenants `scoped` plugins subscribed. */
  eventAudience(name: string): { everyTenant: boolean; scoped: string[] } {
    const list = this.events.get(name) ?? [];
    return { everyTenant: list.some((r) => r.tenants !== 'subscribed'), scoped: list.filter((r) => r.tenants === 'subscribed').map((r) => r.plugin) };
  }

  /** Event name → the plugins among its subscribers that take only the tenants they subscribed. */
  tenantScopedSubscribers(): Record<string, string[]> {
    return Object.fromEntries([...this.events]
      .map(([name, list]) => [name, list.filter((r) => r.tenants === 'subscribed').map((r) => r.plugin)] as const)
      .filter(([, plugins]) => plugins.length));
  }

  hasSyncHandlers(name: string): boolean {
    return (this.sync.get(name)?.length ?? 0) > 0;
  }

  hasEventHandlers(name: string): boolean {
    return (this.events.get(name)?.length ?? 0) > 0;
  }
}
