import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { money, sumMoney } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { assertNotPending, bankTreasury, companyParty, messageIdOf, openItemsFor, settleBatch } from './batch';
import { batchReader, batchToJson, creationTime, endToEndIdOf, type BatchRow } from './batch-store';
import { validIban } from './identifiers';
import { creditTransferXml } from './pain001';

/** Payment orders: supplier invoices paid by one SEPA credit transfer file (pain.001.001.09). */
export const PAYMENT_ORDER_TABLES = { header: 'sepa_payment_orders', items: 'sepa_payment_order_items', key: 'order_id', sourceType: 'sepa_payment_order', direction: 'out' as const };

export interface PaymentOrderCreate { treasury_id: string; execution_date: string; document_ids: string[] }

interface OrderRow extends BatchRow { execution_date: string; debtor_name: string; debtor_nif: string; debtor_iban: string }
interface OrderItemRow { document_id: string; contact_id: string; label: string; amount: string; end_to_end_id: string; creditor_name: string; creditor_iban: string; creditor_bic: string | null }

const orders = batchReader<OrderRow, OrderItemRow>({
  ...PAYMENT_ORDER_TABLES, what: 'Payment order',
  columns: 'execution_date::text as execution_date, debtor_name, debtor_nif, debtor_iban',
  itemColumns: 'document_id::text as document_id, contact_id::text as contact_id, label, amount::text as amount, end_to_end_id, creditor_name, creditor_iban, creditor_bic',
});

const orderToJson = (row: OrderRow, items?: OrderItemRow[]) => ({
  ...batchToJson(row), execution_date: row.execution_date, debtor_iban: row.debtor_iban, ...(items ? { items } : {}),
});

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
      select :tenant, :id::uuid, x.position, x.document_id, x.contact_id, x.label, x.amount, x.end_to_end_id, x.creditor_name, x.creditor_iban, x.creditor_bic
      from jsonb_to_recordset(:items::jsonb) as x(position int, document_id uuid, contact_id uuid, label text, amount numeric, end_to_end_id text, creditor_name text, creditor_iban text, creditor_bic text)`, {
      id,
      items: JSON.stringify(open.map((item, i) => {
        const supplier = suppliers.get(item.contact_id)!;
        return {
          position: i + 1, document_id: item.id, contact_id: item.contact_id, label: item.label, amount: item.outstanding,
          end_to_end_id: endToEndIdOf(messageId, i + 1, item.label),
          creditor_name: supplier.legal_name || supplier.name, creditor_iban: validIban(supplier.iban), creditor_bic: supplier.bic,
        };
      })),
    });
    const saved = await orders.load(tx, id);
    return orderToJson(saved.header, saved.items);
  },

  async list(tx: Tx, query: { limit: number; offset: number }) {
    const page = await orders.list(tx, query);
    return { items: page.rows.map((row) => orderToJson(row)), total: page.total, ...query };
  },

  async get(tx: Tx, id: string) {
    const { header: order, items } = await orders.load(tx, id);
    return orderToJson(order, items);
  },

  async file(tx: Tx, id: string): Promise<{ name: string; xml: string }> {
    const { header: order, items } = await orders.load(tx, id);
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
    await orders.load(tx, id);
    await settleBatch(tx, kernel, PAYMENT_ORDER_TABLES, id, input);
    return PaymentOrders.get(tx, id);
  },
};
