import type { TSchema } from '@sinclair/typebox';
import type { AnyElysia } from 'elysia';
import type { Contributions, ExtensionPointDeclarations, OptionalContributions } from './extensions';
import type { EventHandler, EventName, SyncHandler, SyncHookName } from './hooks';
import type { Kernel } from './kernel';
import type { MigrationDefinition } from './migration';
import type { RateLimitRule } from './rate-limit';
import type { Role } from './roles';
import type { PluginSettings } from './settings';

/**
 * What a feature plugin contributes. The kernel discovers `plugins/<name>/index.ts`, orders
 * plugins by `dependsOn`, and wires everything below; it never imports a feature by name.
 */
export interface CuadraPlugin {
  name: string;
  dependsOn?: string[];
  /** MikroORM entities (defineEntity classes). Tenant-owned unless listed in `globalEntities`. */
  entities?: any[];
  /** Entities whose rows belong to no tenant (users, for example). Reviewed with care. */
  globalEntities?: any[];
  migrations?: MigrationDefinition[];
  /** Named TypeBox models: they become OpenAPI components under these exact names. */
  models?: Record<string, TSchema>;
  /** OpenAPI tags the plugin's routes use, with their descriptions (shown at the top of /docs). */
  tags?: Record<string, string>;
  /** Stricter limits for sensitive routes (paths include the /api/v1 prefix). */
  rateLimits?: RateLimitRule[];
  /** Permission → the roles that hold it. */
  permissions?: Record<string, readonly Role[]>;
  /**
   * Reference data other work needs: a `.read` permission → API-key scopes that may also read it
   * (`{ 'taxes.read': ['invoices:write'] }`: a key that may write invoices can find the tax types
   * its lines name). Roles still apply.
   */
  readableWithScopes?: Record<string, readonly string[]>;
  /** Elysia routes, mounted under /api/v1. Use `kernel.http` for auth, permissions and errors. */
  routes?: (kernel: Kernel) => AnyElysia;
  /** Routes mounted at the root (outside /api/v1), e.g. served files. */
  rootRoutes?: (kernel: Kernel) => AnyElysia;
  hooks?: {
    sync?: { [H in SyncHookName]?: SyncHandler<H> };
    events?: { [E in EventName]?: EventHandler<E> };
  };
  /** Environment variables this plugin reads, with their schema (`defineSettings`); validated at start-up. */
  settings?: PluginSettings<any>;
  /**
   * Extension points this plugin owns (their contribution types are declared in `ExtensionPoints`
   * by declaration merging); it reads what others contribute with `kernel.contributions(point)`.
   */
  extensionPoints?: ExtensionPointDeclarations;
  /** Contributions to other plugins' extension points; the owner must be installed. */
  contributes?: Contributions;
  /** Contributions used only when the point's owner is installed, ignored otherwise. */
  contributesIfInstalled?: OptionalContributions;
  /** Runs once at start-up after the database is open: register authenticators, start timers. */
  setup?: (kernel: Kernel) => void | Promise<void>;
  /** Runs at shutdown, in reverse load order. */
  teardown?: (kernel: Kernel) => void | Promise<void>;
}

export const definePlugin = <P extends CuadraPlugin>(plugin: P): P => plugin;
