import type { CuadraPlugin } from './plugin';

/**
 * Typed extension points, filled by declaration merging as hooks are. The plugin that owns a point
 * declares its contribution type:
 *   declare module '../../kernel/extensions' { interface ExtensionPoints { 'tax-models': TaxModel } }
 * and lists the point in its `extensionPoints`; contributors list values under `contributes`
 * (checked against that type); the owner reads them with `kernel.contributions('tax-models')`.
 */
// biome-ignore lint: empty on purpose, filled by the plugins that own extension points
export interface ExtensionPoints {}

export type ExtensionPointName = keyof ExtensionPoints & string;

export interface ExtensionPointDeclaration<T> {
  /** What a contribution is, for start-up errors and docs. */
  description: string;
  /** Identifies a contribution: two contributions with the same key stop start-up. */
  key?: (contribution: T) => string;
}

export type ExtensionPointDeclarations = { [P in ExtensionPointName]?: ExtensionPointDeclaration<ExtensionPoints[P]> };

/** Contributions by point, each checked against the type its owner declared. */
export type Contributions = { [P in ExtensionPointName]?: readonly ExtensionPoints[P][] };

/**
 * Contributions made only when the point's owner is installed. Points whose owner is absent from
 * this build (so undeclared to the compiler too) are accepted as plain values and ignored.
 */
export type OptionalContributions = Contributions & { readonly [point: string]: readonly unknown[] | undefined };

export interface Contribution<P extends ExtensionPointName> { plugin: string; value: ExtensionPoints[P] }

/**
 * Collects every plugin's contributions in plugin load order (dependencies first). A contribution
 * to a point that no installed plugin declares stops start-up, unless it was listed under
 * `contributesIfInstalled`.
 */
export class ExtensionRegistry {
  private readonly owners = new Map<string, { plugin: string; declaration: ExtensionPointDeclaration<any> }>();
  private readonly collected = new Map<string, { plugin: string; value: unknown }[]>();

  static collect(plugins: readonly CuadraPlugin[]): ExtensionRegistry {
    const registry = new ExtensionRegistry();
    for (const plugin of plugins) {
      for (const [point, declaration] of Object.entries(plugin.extensionPoints ?? {})) {
        const owner = registry.owners.get(point);
        if (owner) throw new Error(`Extension point "${point}" is declared by two plugins: "${owner.plugin}" and "${plugin.name}"`);
        registry.owners.set(point, { plugin: plugin.name, declaration: declaration as ExtensionPointDeclaration<any> });
        registry.collected.set(point, []);
      }
    }
    for (const plugin of plugins) {
      for (const [point, values] of Object.entries(plugin.contributes ?? {})) {
        if (!registry.owners.has(point)) {
          throw new Error(`Plugin "${plugin.name}" contributes to extension point "${point}", which no installed plugin declares: `
            + `install the plugin that owns "${point}", or list this contribution under contributesIfInstalled`);
        }
        registry.add(plugin.name, point, values as readonly unknown[]);
      }
      for (const [point, values] of Object.entries(plugin.contributesIfInstalled ?? {})) {
        if (registry.owners.has(point)) registry.add(plugin.name, point, (values ?? []) as readonly unknown[]);
      }
    }
    return registry;
  }

  private add(plugin: string, point: string, values: readonly unknown[]): void {
    const { declaration } = this.owners.get(point)!;
    const list = this.collected.get(point)!;
    for (const value of values) {
      const key = declaration.key?.(value);
      const clash = key === undefined ? undefined : list.find((c) => declaration.key!(c.value) === key);
      if (clash) throw new Error(`Extension point "${point}": plugins "${clash.plugin}" and "${plugin}" both contribute "${key}"`);
      list.push({ plugin, value });
    }
  }

  /** Whether an installed plugin declares `point`. */
  declared(point: string): boolean {
    return this.owners.has(point);
  }

  /** Every contribution to `point` with the plugin that made it, in plugin load order. */
  contributors<P extends ExtensionPointName>(point: P): readonly Contribution<P>[] {
    const list = this.collected.get(point);
    if (!list) throw new Error(`Extension point "${point}" is not declared by any installed plugin`);
    return list as Contribution<P>[];
  }
}
