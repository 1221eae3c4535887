import { NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { money, sumMoney } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { assertNotPending, bankTreasury, companyParty, messageIdOf, openItemsFor, settleBatch } from './batch';
import { validIban } from './identifiers';
import { creditTransferXml } from './pain001';
import { sepaId } from './sepa-text';

/** Payment orders: supplier invoices paid by one SEPA credit transfer file (pain.001.001.09). */
export const PAYMENT_ORDER_TABLES = { header: 'sepa_payment_orders', items: 'sepa_payment_order_items', key: 'order_id', sourceType: 'sepa_payment_order', direction: 'out' as const };

export interface PaymentOrderCreate { treasury_id: string; execution_date: string; document_ids: string[] }

interface OrderRow {
  id: string; treasury_id: string; message_id: string; execution_date: string; debtor_name: string; debtor_nif: string; debtor_iban: string;
  total: string; items_count: number; settled_on: string | null; journal_entry_id: string | null; movement_id: string | null; created_at: unknown;
}
interface OrderItemRow { document_id: string; contact_id: string; label: string; amount: string; end_to_end_id: string; creditor_name: string; creditor_iban: string; creditor_bic: string | null }

const COLUMNS = `id::text as id, treasury_id::text as treasury_id, message_id, execution_date::text as execution_date, debtor_name, debtor_nif, debtor_iban,
  total::text as total, items_count, settled_on::text as settled_on, journal_entry_id::text as journal_entry_id, movement_id::text as movement_id, created_at`;
const ITEM_COLUMNS = `document_id::text as document_id, contact_id::text as contact_id, label, amount::text as amount, end_to_end_id, creditor_name, creditor_iban, creditor_bic`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** CreDtTm: seconds precision, UTC. */
export const creationTime = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString().slice(0, 19);

const orderToJson = (row: OrderRow, items?: OrderItemRow[]) => ({
  id: row.id, treasury_id: row.treasury_id, message_id: row.message_id, execution_date: row.execution_date, debtor_iban: row.debtor_iban,
  total: row.total, items_count: Number(row.items_count), status: row.settled_on ? 'settled' as const : 'pending' as const, settled_on: row.settled_on,
  journal_entry_id: row.journal_entry_id, movement_id: row.movement_id, created_at: new Date(creationTime(row.created_at) + 'Z').toISOString(),
  ...(items ? { items: items.map((item) => ({ ...item })) } : {}),
});

async function load(tx: Tx, id: string): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const [order] = UUID.test(id) ? await tx.sql<OrderRow>(`select ${COLUMNS} from sepa_payment_orders where tenant_id = :tenant and id = :id::uuid`, { id }) : [];
  if (!order) throw new NotFound('Payment order not found');
  const items = await tx.sql<OrderItemRow>(`select ${ITEM_COLUMNS} from sepa_payment_order_items where tenant_id = :tenant and order_id = :id::uuid order by position`, { id });
  return { order, items };
}

export const PaymentOrders = {
  async create(tx: Tx, kernel: Kernel, input: PaymentOrderCreate) {
    const treasury = await bankTreasury(tx, kernel, input.treasury_id);
    const open = await openItemsFor(tx, kernel, 'payable', input.document_ids);
    const suppliers = new Map((await ContactService.identities(tx, [...new Set(open.map((item) => item.contact_id))])).map((c) => [c.id, c]));
    const errors: FieldError[] = [];
    open.forEach((item, i) => {
      const supplier = suppliers.get(item.contact_id);
      if (!validIban(supplier?.iban)) {
        errors.push({ loc: ['body', 'document_ids', i], msg: `Purchase ${item.label}: its supplier ${supplier?.name ?? item.contact_id} has no valid IBAN`, type: 'value_error.supplier_iban' });
      }
    });
    if (errors.length) throw new ValidationFailed(errors);
    await assertNotPending(tx, PAYMENT_ORDER_TABLES, input.document_ids);
    const company = await companyParty(tx);
    const id = crypto.randomUUID();
    const messageId = messageIdOf('PO', id);
    const total = sumMoney(open.map((item) => money(item.outstanding)));
    await tx.sql(`insert into sepa_payment_orders (id, tenant_id, treasury_id, message_id, execution_date, debtor_name, debtor_nif, debtor_iban, total, items_count)
      values (:id::uuid, :tenant, :treasury::uuid, :messageId, :date::date, :name, :nif, :iban, :total::numeric, :count)`, {
      id, treasury: treasury.id, messageId, date: input.execution_date, name: company.name, nif: company.nif, iban: treasury.iban, total: total.toString(), count: open.length,
    });
    await tx.sqlBulk(`insert into sepa_payment_order_items (tenant_id, order_id, position, document_id, contact_id, label, amount, end_to_end_id, creditor_name, creditor_iban, creditor_bic)
      select :tenant, :id::uuid, x.position, x.document_id, x.contact_id, x.label, x.amount, x.end_to_end_id, x.creditor_name, x.creditor_iban, null
      from jsonb_to_recordset(:items::jsonb) as x(position int, document_id uuid, contact_id uuid, label text, amount numeric, end_to_end_id text, creditor_name text, creditor_iban text)`, {
      id,
      items: JSON.stringify(open.map((item, i) => {
        const supplier = suppliers.get(item.contact_id)!;
        return {
          position: i + 1, document_id: item.id, contact_id: item.contact_id, label: item.label, amount: item.outstanding,
          end_to_end_id: `${messageId.slice(2, 14)}-${i + 1}-${sepaId(item.label, 18)}`.slice(0, 35),
          creditor_name: supplier.legal_name || supplier.name, creditor_iban: validIban(supplier.iban),
        };
      })),
    });
    const saved = await load(tx, id);
    return orderToJson(saved.order, saved.items);
  },

  async list(tx: Tx, query: { limit: number; offset: number }) {
    const rows = await tx.sql<OrderRow & { full_count: string }>(`select ${COLUMNS}, count(*) over () as full_count from sepa_payment_orders
      where tenant_id = :tenant order by created_at desc, id limit :limit offset :offset`, query);
    return { items: rows.map((row) => orderToJson(row)), total: rows.length ? Number(rows[0].full_count) : 0, ...query };
  },

  async get(tx: Tx, id: string) {
    const { order, items } = await load(tx, id);
    return orderToJson(order, items);
  },

  async file(tx: Tx, id: string): Promise<{ name: string; xml: string }> {
    const { order, items } = await load(tx, id);
    const xml = creditTransferXml({
      messageId: order.message_id, createdAt: creationTime(order.created_at), executionDate: order.execution_date,
      debtor: { name: order.debtor_name, nif: order.debtor_nif, iban: order.debtor_iban, bic: null },
      transfers: items.map((item) => ({
        endToEndId: item.end_to_end_id, amount: item.amount, creditorName: item.creditor_name, creditorIban: item.creditor_iban,
        creditorBic: item.creditor_bic, remittance: item.label,
      })),
    });
    return { name: `${order.message_id}.xml`, xml };
  },

  async settle(tx: Tx, kernel: Kernel, id: string, input: { date: string; movementId?: string }) {
    await load(tx, id);
    await settleBatch(tx, kernel, PAYMENT_ORDER_TABLES, id, input);
    return PaymentOrders.get(tx, id);
  },
};
