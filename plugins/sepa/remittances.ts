import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { money, sumMoney } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { assertNotPending, bankTreasury, companyParty, messageIdOf, openItemsFor, settleBatch } from './batch';
import { batchReader, batchToJson, creationTime, endToEndIdOf, type BatchRow } from './batch-store';
import { creditorIdentifier } from './identifiers';
import { Mandates, nextSequenceType } from './mandates';
import { returnDebit, type DebitReturnInput } from './returns';
import { directDebitXml, type MandateScheme, type SequenceType } from './pain008';

/** Direct-debit remittances: customer invoices collected under their mandates by one SEPA file (pain.008.001.08). */
export const REMITTANCE_TABLES = { header: 'sepa_remittances', items: 'sepa_remittance_items', key: 'remittance_id', sourceType: 'sepa_remittance', direction: 'in' as const };

export interface RemittanceCreate { treasury_id: string; collection_date: string; document_ids: string[] }

interface RemittanceRow extends BatchRow {
  collection_date: string; creditor_name: string; creditor_nif: string; creditor_identifier: string; creditor_iban: string;
}
interface RemittanceItemRow {
  document_id: string; mandate_id: string; label: string; amount: string; end_to_end_id: string; scheme: MandateScheme; sequence_type: SequenceType;
  mandate_reference: string; signature_date: string; debtor_name: string; debtor_iban: string; debtor_bic: string | null;
  returned_on: string | null; return_reason: string | null;
}

const remittances = batchReader<RemittanceRow, RemittanceItemRow>({
  ...REMITTANCE_TABLES, what: 'Direct-debit remittance',
  columns: 'collection_date::text as collection_date, creditor_name, creditor_nif, creditor_identifier, creditor_iban',
  itemColumns: `document_id::text as document_id, mandate_id::text as mandate_id, label, amount::text as amount, end_to_end_id, scheme, sequence_type,
    mandate_reference, signature_date::text as signature_date, debtor_name, debtor_iban, debtor_bic, returned_on::text as returned_on, return_reason`,
});

const remittanceToJson = (row: RemittanceRow, items?: RemittanceItemRow[]) => ({
  ...batchToJson(row), collection_date: row.collection_date, creditor_identifier: row.creditor_identifier, creditor_iban: row.creditor_iban,
  ...(items ? { items } : {}),
});

export const Remittances = {
  async create(tx: Tx, kernel: Kernel, input: RemittanceCreate) {
    const treasury = await bankTreasury(tx, kernel, input.treasury_id);
    const open = await openItemsFor(tx, kernel, 'receivable', input.document_ids);
    const customerIds = [...new Set(open.map((item) => item.contact_id))];
    const mandates = await Mandates.activeOf(tx, customerIds);
    const customers = new Map((await ContactService.identities(tx, customerIds)).map((c) => [c.id, c]));
    const errors: FieldError[] = [];
    const oneOffUsed = new Set<string>();
    const sequences = open.map((item, i) => {
      const mandate = mandates.get(item.contact_id);
      const sequence = mandate ? nextSequenceType(mandate) : null;
      const customer = customers.get(item.contact_id)?.name ?? item.contact_id;
      if (!mandate || !sequence) {
        errors.push({ loc: ['body', 'document_ids', i], msg: `Invoice ${item.number}: its customer ${customer} has no mandate that can collect (none, cancelled, or a one-off already collected)`, type: 'value_error.mandate' });
      } else if (mandate.signature_date > input.collection_date) {
        errors.push({ loc: ['body', 'document_ids', i], msg: `Invoice ${item.number}: the mandate ${mandate.reference} was signed on ${mandate.signature_date}, after the collection date`, type: 'value_error.mandate' });
      } else if (sequence === 'OOFF' && oneOffUsed.has(mandate.id)) {
        errors.push({ loc: ['body', 'document_ids', i], msg: `Invoice ${item.number}: the one-off mandate ${mandate.reference} collects once`, type: 'value_error.mandate' });
      } else if (sequence === 'OOFF') oneOffUsed.add(mandate.id);
      return sequence;
    });
    if (errors.length) throw new ValidationFailed(errors);
    await assertNotPending(tx, REMITTANCE_TABLES, input.document_ids);
    const company = await companyParty(tx);
    const id = crypto.randomUUID();
    const messageId = messageIdOf('DD', id);
    const total = sumMoney(open.map((item) => money(item.outstanding)));
    await tx.sql(`insert into sepa_remittances (id, tenant_id, treasury_id, message_id, collection_date, creditor_name, creditor_nif, creditor_identifier, creditor_iban, total, items_count)
      values (:id::uuid, :tenant, :treasury::uuid, :messageId, :date::date, :name, :nif, :identifier, :iban, :total::numeric, :count)`, {
      id, treasury: treasury.id, messageId, date: input.collection_date, name: company.name, nif: company.nif, identifier: creditorIdentifier(company.nif),
      iban: treasury.iban, total: total.toString(), count: open.length,
    });
    await tx.sqlBulk(`insert into sepa_remittance_items (tenant_id, remittance_id, position, document_id, mandate_id, label, amount, end_to_end_id, scheme, sequence_type,
        mandate_reference, signature_date, debtor_name, debtor_iban, debtor_bic)
      select :tenant, :id::uuid, x.position, x.document_id, x.mandate_id, x.label, x.amount, x.end_to_end_id, x.scheme, x.sequence_type,
        x.mandate_reference, x.signature_date, x.debtor_name, x.debtor_iban, x.debtor_bic
      from jsonb_to_recordset(:items::jsonb) as x(position int, document_id uuid, mandate_id uuid, label text, amount numeric, end_to_end_id text, scheme text,
        sequence_type text, mandate_reference text, signature_date date, debtor_name text, debtor_iban text, debtor_bic text)`, {
      id,
      items: JSON.stringify(open.map((item, i) => {
        const mandate = mandates.get(item.contact_id)!;
        const customer = customers.get(item.contact_id)!;
        return {
          position: i + 1, document_id: item.id, mandate_id: mandate.id, label: item.number, amount: item.outstanding,
          end_to_end_id: endToEndIdOf(messageId, i + 1, item.number), scheme: mandate.scheme, sequence_type: sequences[i],
          mandate_reference: mandate.reference, signature_date: mandate.signature_date, debtor_name: customer.legal_name || customer.name,
          debtor_iban: mandate.iban, debtor_bic: mandate.bic,
        };
      })),
    });
    await Mandates.markCollected(tx, [...new Set(open.map((item) => mandates.get(item.contact_id)!.id))], input.collection_date);
    const saved = await remittances.load(tx, id);
    return remittanceToJson(saved.header, saved.items);
  },

  async list(tx: Tx, query: { limit: number; offset: number }) {
    const page = await remittances.list(tx, query);
    return { items: page.rows.map((row) => remittanceToJson(row)), total: page.total, ...query };
  },

  async get(tx: Tx, id: string) {
    const { header: remittance, items } = await remittances.load(tx, id);
    return remittanceToJson(remittance, items);
  },

  async file(tx: Tx, id: string): Promise<{ name: string; xml: string }> {
    const { header: remittance, items } = await remittances.load(tx, id);
    const xml = directDebitXml({
      messageId: remittance.message_id, createdAt: creationTime(remittance.created_at), collectionDate: remittance.collection_date,
      creditor: { name: remittance.creditor_name, nif: remittance.creditor_nif, identifier: remittance.creditor_identifier, iban: remittance.creditor_iban, bic: null },
      debits: items.map((item) => ({
        endToEndId: item.end_to_end_id, amount: item.amount, scheme: item.scheme, sequenceType: item.sequence_type, mandateReference: item.mandate_reference,
        signatureDate: item.signature_date, debtorName: item.debtor_name, debtorIban: item.debtor_iban, debtorBic: item.debtor_bic, remittance: item.label,
      })),
    });
    return { name: `${remittance.message_id}.xml`, xml };
  },

  async returnDebit(tx: Tx, kernel: Kernel, id: string, input: DebitReturnInput) {
    await remittances.load(tx, id);
    await returnDebit(tx, kernel, id, input);
    return Remittances.get(tx, id);
  },

  async settle(tx: Tx, kernel: Kernel, id: string, input: { date: string; movementId?: string }) {
    await remittances.load(tx, id);
    await settleBatch(tx, kernel, REMITTANCE_TABLES, id, input);
    return Remittances.get(tx, id);
  },
};
