import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import type { Role } from '../../kernel/roles';
import { lastActivityByTenant } from '../audit/api';
import { lastClosedByTenant } from '../fiscal-years/api';
import { pendingByTenant } from '../invoices/api';
import { dueByTenant, resultsByTenant } from '../tax-models/api';
import { lockDatesByTenant, todayInSpain } from '../ledger/api';
import { toReviewByTenant } from '../purchases/api';
import { TenantDirectory } from '../tenants/api';
import { unreconciledByTenant } from '../treasury/api';
import type { NEEDS, SORTS } from './schemas';

interface Reached { tenantId: string; role: Role; viaTenantId: string | null }

/** Every company the caller acts in: a person's memberships and what their firms reach; an API key's company and what it reaches. */
async function companiesOf(kernel: Kernel, principal: Principal): Promise<Reached[]> {
  const identity = kernel.service('identity');
  const own = principal.kind === 'session'
    ? (await identity.memberships(principal.userId)).map((m) => ({ tenantId: m.tenant_id, role: m.role }))
    : principal.tenantId && principal.role ? [{ tenantId: principal.tenantId, role: principal.role }] : [];
  const reached = await identity.reachableThrough(own);
  const ownIds = new Set(own.map((c) => c.tenantId));
  return [...own.map((c) => ({ ...c, viaTenantId: null })), ...reached.filter((c) => !ownIds.has(c.tenantId))];
}

/**
 * The workspace: per company the caller reaches, the figures that say what needs doing, each
 * read from its owner's contract in one statement for every company at once, and only where the
 * caller's role (and key scopes) there may read it.
 */
export async function workspaceCompanies(kernel: Kernel, principal: Principal, query: { needs?: (typeof NEEDS)[number]; sort?: (typeof SORTS)[number]; limit: number; offset: number }, today = todayInSpain()) {
  const companies = await companiesOf(kernel, principal);
  const readable = new Map(['treasury.read', 'invoices.read', 'purchases.read', 'ledger.read', 'fiscal-years.read', 'audit.read', 'tax-models.read'].map((permission) => [permission,
    companies.filter((c) => kernel.permissions.allows({ ...principal, tenantId: c.tenantId, role: c.role }, permission)).map((c) => c.tenantId)]));
  const allowedIn = (permission: string) => readable.get(permission)!;
  const ids = companies.map((c) => c.tenantId);
  const [directory, unreconciled, invoices, toReview, locks, closed, activity, taxes] = await Promise.all([
    kernel.unitOfWork(null).run((tx) => TenantDirectory.entries(tx, ids), { tenantId: null }),
    unreconciledByTenant(kernel.db, allowedIn('treasury.read')),
    pendingByTenant(kernel.db, allowedIn('invoices.read'), today),
    toReviewByTenant(kernel.db, allowedIn('purchases.read')),
    lockDatesByTenant(kernel.db, allowedIn('ledger.read')),
    lastClosedByTenant(kernel.db, allowedIn('fiscal-years.read')),
    lastActivityByTenant(kernel.db, allowedIn('audit.read')),
    dueByTenant(kernel.db, kernel.contributions('tax-models'), allowedIn('tax-models.read'), today),
  ]);
  const may = (permission: string) => new Set(allowedIn(permission));
  const [treasury, sales, purchases, ledger, years, audit, taxModels] = ['treasury.read', 'invoices.read', 'purchases.read', 'ledger.read', 'fiscal-years.read', 'audit.read', 'tax-models.read'].map(may);
  const rows = companies.flatMap((c) => {
    const entry = directory.get(c.tenantId);
    if (!entry) return [];
    const id = c.tenantId;
    return [{
      tenant_id: id, name: entry.name, tax_id: entry.taxId, kind: entry.kind, role: c.role, via_firm_id: c.viaTenantId,
      unreconciled_movements: treasury.has(id) ? unreconciled.get(id) ?? 0 : null,
      draft_invoices: sales.has(id) ? invoices.get(id)?.drafts ?? 0 : null,
      overdue_invoices: sales.has(id) ? invoices.get(id)?.overdue ?? 0 : null,
      purchases_to_review: purchases.has(id) ? toReview.get(id) ?? 0 : null,
      taxes_due: taxModels.has(id) ? (taxes.get(id) ?? []).map((d) => ({
        model: d.model, year: d.year, period: d.period, from: d.from, to: d.to, due_date: d.dueDate, settled: d.settled,
        result: null as string | null, declaration_type: null as string | null,
      })) : null,
      lock_date: ledger.has(id) ? locks.get(id) ?? null : null,
      last_closed_fiscal_year: years.has(id) ? closed.get(id)?.year ?? null : null,
      last_activity: audit.has(id) ? activity.get(id) ?? null : null,
    }];
  });
  const needed = rows.filter((row) => {
    switch (query.needs) {
      case 'reconciliation': return (row.unreconciled_movements ?? 0) > 0;
      case 'taxes_due': return !!row.taxes_due?.some((d) => !d.settled);
      case 'review': return (row.purchases_to_review ?? 0) > 0 || (row.draft_invoices ?? 0) > 0;
      case 'overdue_invoices': return (row.overdue_invoices ?? 0) > 0;
      default: return true;
    }
  });
  const sort = query.sort ?? 'name';
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.name.localeCompare(b.name, 'es') || a.tenant_id.localeCompare(b.tenant_id);
  const nextDue = (row: (typeof rows)[number]) => row.taxes_due?.find((d) => !d.settled)?.due_date ?? '9999-12-31';
  const valueOf = (row: (typeof rows)[number]) => row[sort as Exclude<typeof sort, 'name' | 'next_tax_due'>] ?? (sort === 'last_activity' ? '' : -1);
  needed.sort(sort === 'name' ? byName : sort === 'next_tax_due' ? (a, b) => nextDue(a).localeCompare(nextDue(b)) || byName(a, b) : (a, b) => {
    const x = valueOf(a), y = valueOf(b);
    return (x === y ? 0 : x > y ? -1 : 1) || byName(a, b);
  });
  const items = needed.slice(query.offset, query.offset + query.limit);
  // the results of the models due, computed for the page's companies only (filters and sorts need no result)
  const onPage = new Map(items.filter((row) => row.taxes_due?.length).map((row) => [row.tenant_id, taxes.get(row.tenant_id)!]));
  const results = await resultsByTenant(kernel.db, kernel.contributions('tax-models'), onPage);
  for (const row of items) {
    for (const due of row.taxes_due ?? []) {
      const computed = results.get(row.tenant_id)?.get(`${due.model} ${due.year} ${due.period}`);
      if (computed) Object.assign(due, { result: computed.result, declaration_type: computed.declarationType });
    }
  }
  return { items, total: needed.length, limit: query.limit, offset: query.offset };
}
