import { actsAsSql } from './filters';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import type { ContactActivityRow } from './hooks';

const TOP = 10;
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The last `months` calendar months (UTC), this one included, oldest first. */
function window(months: number, today: Date) {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  const keys: string[] = [];
  for (let i = 0; i < months; i++) keys.push(monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1))));
  const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  return { keys, from: first.toISOString().slice(0, 10), to: lastDay.toISOString().slice(0, 10), fromTimestamp: first.toISOString() };
}

interface Counterparty { contact_id: string; documents: number; total: Decimal }

function topOf(rows: ContactActivityRow[]): Counterparty[] {
  const byContact = new Map<string, Counterparty>();
  for (const row of rows) {
    const entry = byContact.get(row.contact_id) ?? { contact_id: row.contact_id, documents: 0, total: Decimal.zero(2) };
    entry.documents += row.documents;
    entry.total = entry.total.add(money(row.total));
    byContact.set(row.contact_id, entry);
  }
  return [...byContact.values()].sort((a, b) => b.total.compare(a.total) || b.documents - a.documents || a.contact_id.localeCompare(b.contact_id)).slice(0, TOP);
}

/** New contacts per month from this plugin's table; activity and top counterparties from the document plugins. */
export async function contactInsights(tx: Tx, months: number, today = new Date()) {
  const span = window(months, today);
  const created = await tx.sql<{ month: string; total: number; customers: number; suppliers: number }>(`
    select to_char(date_trunc('month', c.created_at at time zone 'UTC'), 'YYYY-MM') as month,
           count(*)::int as total,
           (count(*) filter (where ${actsAsSql('customer')}))::int as customers,
           (count(*) filter (where ${actsAsSql('supplier')}))::int as suppliers
    from contacts c
    where c.tenant_id = :tenant and c.created_at >= cast(:from_ts as timestamptz)
    group by 1`, { from_ts: span.fromTimestamp });
  const [totals] = await tx.sql<{ contacts: number; customers: number; suppliers: number }>(`
    select count(*)::int as contacts,
           (count(*) filter (where ${actsAsSql('customer')}))::int as customers,
           (count(*) filter (where ${actsAsSql('supplier')}))::int as suppliers
    from contacts c where c.tenant_id = :tenant`);

  const activity = { from: span.from, to: span.to, rows: [] as ContactActivityRow[] };
  await tx.hook('contact.activity', activity);
  const inWindow = activity.rows.filter((r) => span.keys.includes(r.month));

  const createdByMonth = new Map(created.map((r) => [r.month, r]));
  const topCustomers = topOf(inWindow.filter((r) => r.side === 'sale'));
  const topSuppliers = topOf(inWindow.filter((r) => r.side === 'purchase'));
  const ids = [...new Set([...topCustomers, ...topSuppliers].map((c) => c.contact_id))];
  const names = new Map<string, string>();
  if (ids.length) {
    const found = await tx.sql<{ id: string; name: string }>(
      `select c.id, c.name from contacts c where c.tenant_id = :tenant and c.id in (${ids.map((_, i) => `:id${i}`).join(', ')})`,
      Object.fromEntries(ids.map((id, i) => [`id${i}`, id])),
    );
    for (const row of found) names.set(row.id, row.name);
  }
  const withName = (c: Counterparty) => ({ contact_id: c.contact_id, name: names.get(c.contact_id) ?? '', documents: c.documents, total: c.total.toString() });

  return {
    months,
    from: span.from,
    to: span.to,
    totals,
    new_contacts: span.keys.map((month) => {
      const row = createdByMonth.get(month);
      return { month, total: row?.total ?? 0, customers: row?.customers ?? 0, suppliers: row?.suppliers ?? 0 };
    }),
    activity: span.keys.map((month) => {
      const rows = inWindow.filter((r) => r.month === month);
      const sales = rows.filter((r) => r.side === 'sale');
      const purchases = rows.filter((r) => r.side === 'purchase');
      const sum = (list: ContactActivityRow[]) => list.reduce((acc, r) => acc.add(money(r.total)), Decimal.zero(2)).toString();
      return {
        month,
        active_customers: new Set(sales.map((r) => r.contact_id)).size,
        active_suppliers: new Set(purchases.map((r) => r.contact_id)).size,
        sales_total: sum(sales),
        purchases_total: sum(purchases),
        documents: rows.reduce((acc, r) => acc + r.documents, 0),
      };
    }),
    top_customers: topCustomers.map(withName),
    top_suppliers: topSuppliers.map(withName),
  };
}
