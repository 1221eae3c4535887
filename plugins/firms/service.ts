import { Conflict, NotFound, Unprocessable, ValidationFailed } from '../../kernel/errors';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';
import type { Role } from '../../kernel/roles';
import type { Tx } from '../../kernel/uow';
import { TenantDirectory, TenantService } from '../tenants/api';

export type AccessStatus = 'pending' | 'active' | 'declined' | 'revoked';
export type FirmRole = Exclude<Role, 'owner'>;
interface AccessRow {
  id: string; tenant_id: string; firm_tenant_id: string; role: FirmRole; status: AccessStatus;
  granted_at: Date | string; answered_at: Date | string | null; revoked_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const COLUMNS = 'id, tenant_id, firm_tenant_id, role, status, granted_at, answered_at, revoked_at';

async function toJson(tx: Tx, rows: AccessRow[]) {
  const directory = await TenantDirectory.entries(tx, [...new Set(rows.flatMap((row) => [row.tenant_id, row.firm_tenant_id]))]);
  const party = (id: string) => ({ id, name: directory.get(id)?.name ?? null, tax_id: directory.get(id)?.taxId ?? null });
  return rows.map((row) => ({
    id: row.id, client: party(row.tenant_id), firm: party(row.firm_tenant_id), role: row.role, status: row.status,
    granted_at: iso(row.granted_at)!, answered_at: iso(row.answered_at), revoked_at: iso(row.revoked_at),
  }));
}

/** Both sides of a firm's access: the client grants, changes and revokes it; the firm accepts or declines it. */
export const FirmAccessService = {
  async grant(tx: Tx, firmTaxId: string, role: FirmRole) {
    if (!isValidSpanishTaxId(normaliseTaxId(firmTaxId))) throw ValidationFailed.field(['body', 'firm_tax_id'], 'Not a valid Spanish NIF/CIF (checksum)', 'value_error.tax_id');
    const firm = await TenantDirectory.firmByTaxId(tx, firmTaxId);
    if (!firm) throw new NotFound('No accounting firm has that tax id in Cuadra: the firm creates its company with kind "firm" first');
    if (firm.id === tx.tenantId) throw new Unprocessable('A firm cannot be given access to itself');
    const [open] = await tx.sql<{ id: string }>(`select id from firm_access where tenant_id = :tenant and firm_tenant_id = :firm and status in ('pending', 'active')`, { firm: firm.id });
    if (open) throw new Conflict('This firm already has access to the company, or an invitation pending: change its role or revoke it');
    const [row] = await tx.sql<AccessRow>(`insert into firm_access (id, tenant_id, firm_tenant_id, role, status, granted_by)
      values (:id, :tenant, :firm, :role, 'pending', :user) returning ${COLUMNS}`, { id: crypto.randomUUID(), firm: firm.id, role, user: tx.principal!.userId });
    return (await toJson(tx, [row]))[0];
  },

  async listGranted(tx: Tx) {
    return toJson(tx, await tx.sql<AccessRow>(`select ${COLUMNS} from firm_access where tenant_id = :tenant order by granted_at desc, id`));
  },

  async setRole(tx: Tx, id: string, role: FirmRole) {
    const [row] = await tx.sql<AccessRow>(`update firm_access set role = :role where tenant_id = :tenant and id = :id and status in ('pending', 'active') returning ${COLUMNS}`, { id, role });
    if (!row) throw new NotFound('No pending or active firm access with that id');
    await tx.invalidatePrincipals();
    return (await toJson(tx, [row]))[0];
  },

  /** Every member of the firm, and every key of it, loses access at once (cached principals are dropped on commit). */
  async revoke(tx: Tx, id: string) {
    const [row] = await tx.sql<{ id: string }>(`update firm_access set status = 'revoked', revoked_at = now() where tenant_id = :tenant and id = :id and status in ('pending', 'active') returning id`, { id });
    if (!row) throw new NotFound('No pending or active firm access with that id');
    await tx.invalidatePrincipals();
  },

  async listClients(tx: Tx) {
    return toJson(tx, await tx.sql<AccessRow>(`select ${COLUMNS} from firm_access where firm_tenant_id = :tenant order by granted_at desc, id`));
  },

  async answer(tx: Tx, id: string, answer: 'active' | 'declined') {
    if ((await TenantService.current(tx)).kind !== 'firm') throw new NotFound('No firm access with that id');
    const [row] = await tx.sql<AccessRow>(`update firm_access set status = :answer, answered_by = :user, answered_at = now()
      where firm_tenant_id = :tenant and id = :id and status = 'pending' returning ${COLUMNS}`, { id, answer, user: tx.principal!.userId });
    if (!row) {
      const [seen] = await tx.sql<{ status: string }>('select status from firm_access where firm_tenant_id = :tenant and id = :id', { id });
      if (!seen) throw new NotFound('No firm access with that id');
      throw new Conflict(`This access is ${seen.status}, not pending`);
    }
    await tx.invalidatePrincipals();
    return (await toJson(tx, [row]))[0];
  },
};
