import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CuadraPlugin } from './plugin';

/**
 * A plugin's settings: environment variables described by a TypeBox schema, one property per
 * variable, named exactly as the variable. Unset and empty variables are absent; `default`s fill
 * them in; numbers and booleans are converted from their text. Start-up validates every
 * installed plugin's settings and stops with an error naming the variable.
 *
 *   export const googleSettings = defineSettings({
 *     GOOGLE_CLIENT_ID: Type.Optional(Type.String()),
 *     GOOGLE_JWKS_URL: Type.String({ default: 'https://…', pattern: '^https?://' }),
 *   });
 *   definePlugin({ settings: googleSettings, setup(kernel) { kernel.settings(googleSettings).GOOGLE_CLIENT_ID } })
 */
export interface PluginSettings<P extends TProperties = TProperties> { readonly schema: TObject<P> }

export const defineSettings = <P extends TProperties>(variables: P): PluginSettings<P> => ({ schema: Type.Object(variables) });

export type SettingsValues<S extends PluginSettings<any>> = S extends PluginSettings<infer P> ? Static<TObject<P>> : never;

/** Validates one plugin's settings against the environment; throws naming each wrong variable. */
export function readSettings<P extends TProperties>(plugin: string, settings: PluginSettings<P>, env: Record<string, string | undefined>): Static<TObject<P>> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(settings.schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const value = Value.Convert(settings.schema, Value.Default(settings.schema, structuredClone(raw))) as Record<string, unknown>;
  const problems = [...Value.Errors(settings.schema, value)].map((error) => {
    const variable = error.path.replace(/^\//, '') || '(settings)';
    // The value is not repeated: settings may be secrets.
    return `${variable}: ${error.message}${error.schema.description ? ` (${error.schema.description})` : ''}`;
  });
  if (problems.length) throw new Error(`Invalid settings of plugin "${plugin}": ${problems.join('; ')}`);
  return value as Static<TObject<P>>;
}

/** Reads every installed plugin's settings; a variable claimed by two plugins stops start-up too. */
export function readAllSettings(plugins: readonly CuadraPlugin[], env: Record<string, string | undefined>): Map<PluginSettings<any>, unknown> {
  const values = new Map<PluginSettings<any>, unknown>();
  const claimedBy = new Map<string, string>();
  for (const plugin of plugins) {
    if (!plugin.settings) continue;
    for (const variable of Object.keys(plugin.settings.schema.properties)) {
      const other = claimedBy.get(variable);
      if (other) throw new Error(`Setting ${variable} is declared by two plugins: "${other}" and "${plugin.name}"`);
      claimedBy.set(variable, plugin.name);
    }
    values.set(plugin.settings, readSettings(plugin.name, plugin.settings, env));
  }
  return values;
}
