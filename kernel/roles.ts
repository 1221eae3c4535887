/** Tenant roles, strongest first. A permission names the roles that hold it. */
export const ROLES = ['owner', 'admin', 'accountant', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { owner: 5, admin: 4, accountant: 3, member: 2, viewer: 1 };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const roleAtLeast = (role: Role, minimum: Role): boolean => rank[role] >= rank[minimum];
/** The roles at or above `minimum`: `rolesFrom('member')` → owner, admin, accountant, member. */
export const rolesFrom = (minimum: Role): Role[] => ROLES.filter((r) => roleAtLeast(r, minimum));
