/**
 * API-key scopes narrow what a key's role allows. A scope is `<area>:<access>`: the area is the
 * part of a permission name before its dot (`contacts` for `contacts.read`, `tax-books` for
 * `tax-books.read`) or `*` for every area; the access is `read` (permissions ending in `.read`)
 * or `write` (every other permission of the area, and its reads too). So `invoices:write` allows
 * `invoices.read`, `invoices.write` and `invoices.issue`; `*:read` allows every `.read`.
 * A key without scopes has its role's full reach; a scope never adds what the role lacks.
 *
 * `drafts` is not an area: it holds the key back instead of narrowing it. A key carrying it may
 * prepare (create and edit drafts) but every request to a route that declares an effect (issue,
 * post, settle, close, delete, send) waits for a person's approval (docs/plugin-authors.md,
 * "Effects"). Beside area scopes it only holds back; alone it leaves the role's areas as they are.
 */
export const DRAFTS_SCOPE = 'drafts';
export const SCOPE_PATTERN = '^(drafts|(\\*|[a-z][a-z0-9_-]*):(read|write))$';
const scopeSyntax = new RegExp(SCOPE_PATTERN);

/** True when a credential with these scopes only prepares: its effects wait for approval. */
export const holdsEffects = (scopes: readonly string[] | null | undefined): boolean => !!scopes?.includes(DRAFTS_SCOPE);

/** The area scopes among `scopes` (null: no narrowing by area, as when only `drafts` is held). */
const areaScopes = (scopes: readonly string[] | null | undefined): readonly string[] | null => {
  const areas = scopes?.filter((scope) => scope !== DRAFTS_SCOPE);
  return areas?.length ? areas : null;
};

export type Access = 'read' | 'write';

/** The area and the access a permission needs: `invoices.issue` → invoices, write. */
export function permissionNeeds(permission: string): { area: string; access: Access } {
  const dot = permission.lastIndexOf('.');
  const area = dot < 0 ? permission : permission.slice(0, dot);
  return { area, access: permission.slice(dot + 1) === 'read' ? 'read' : 'write' };
}

/** True when `scopes` (undefined: no narrowing) allow `permission`. */
export function scopesAllow(held: readonly string[] | null | undefined, permission: string): boolean {
  const scopes = areaScopes(held);
  if (!scopes) return true;
  const need = permissionNeeds(permission);
  return scopes.some((scope) => {
    const [area, access] = scope.split(':');
    return (area === '*' || area === need.area) && (access === 'write' || need.access === 'read');
  });
}

/** True when the held scope `held` covers every permission the scope `wanted` allows. */
export const scopeCovers = (held: string, wanted: string): boolean => {
  if (held === DRAFTS_SCOPE || wanted === DRAFTS_SCOPE) return held === wanted;
  const [heldArea, heldAccess] = held.split(':');
  const [wantedArea, wantedAccess] = wanted.split(':');
  return (heldArea === '*' || heldArea === wantedArea) && (heldAccess === 'write' || wantedAccess === 'read');
};

/**
 * What `wanted` (null: no narrowing) allows beyond `held` (null or undefined: no narrowing), as
 * the scopes at fault; empty when `held` covers all of it.
 */
export function scopesBeyond(held: readonly string[] | null | undefined, wanted: readonly string[] | null): string[] {
  // what a held-back credential grants is held back too
  const unheld = holdsEffects(held) && !holdsEffects(wanted) ? ['effects without approval (no drafts scope)'] : [];
  const heldAreas = areaScopes(held);
  if (!heldAreas) return unheld;
  const wantedAreas = areaScopes(wanted);
  if (!wantedAreas) return [...unheld, 'every area (no scopes)'];
  return [...unheld, ...wantedAreas.filter((scope) => !heldAreas.some((h) => scopeCovers(h, scope)))];
}

/** The scopes that are malformed or name no area of the declared permissions. */
export function unknownScopes(scopes: readonly string[], permissions: Iterable<string>): string[] {
  const areas = new Set([...permissions].map((p) => permissionNeeds(p).area));
  return scopes.filter((scope) => !scopeSyntax.test(scope) || (scope !== DRAFTS_SCOPE && scope.split(':')[0] !== '*' && !areas.has(scope.split(':')[0])));
}

/** Every scope a company's keys may carry, for documentation and client pickers. */
export function scopeCatalogue(permissions: Iterable<string>): string[] {
  const areas = [...new Set([...permissions].map((p) => permissionNeeds(p).area))].sort();
  return [DRAFTS_SCOPE, '*:read', '*:write', ...areas.flatMap((area) => [`${area}:read`, `${area}:write`])];
}
