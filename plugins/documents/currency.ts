import { allocate, Decimal } from '../../kernel/money';
import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';
import type { Tx } from '../../kernel/uow';
import { convertToEuros, divide, ExchangeRates } from '../exchange-rates/api';
import type { JournalDraft, JournalDraftLine } from '../ledger/api';
import type { ComputedDocument, LineBasis } from './lines';
import type { LineRecordCommon } from './rows';

/**
 * Documents in another currency (docs/domain/foreign-currency.md). A document's amounts stay in
 * its currency; at issue (registration, for purchases) the kind converts it to euros at the rate of
 * its accounting date and the books, the tax register and every tax model take the euro figures:
 *
 * - each VAT type's base is converted as a whole (amount / rate, to the cent, half away from zero)
 *   and allocated back to its lines in proportion to their bases;
 * - the taxes are then computed on those euro bases with the document arithmetic (calc.ts: rate on
 *   the summed bases, allocated to lines), so that in the register quota = base × rate holds in
 *   euros, as art. 79.Once LIVA (the base converted) and art. 12 RD 1619/2012 (the quota in euros) want;
 * - the euro total is the sum of those euro parts, never the currency total converted on its own:
 *   the entry balances to the cent with no rounding line. A cent or two between that and
 *   "total / rate" ends, like any rate movement, in the exchange difference of the settlement.
 *
 * What was converted is kept in `document_currencies` (one row per document in another currency;
 * EUR documents have none and behave exactly as before).
 */

export const BOOK_CURRENCY = 'EUR';

/** The euro figures of a converted document. */
export interface EuroAmounts {
  subtotal: Decimal;
  taxTotal: Decimal;
  surchargeTotal: Decimal;
  withholdingTotal: Decimal;
  total: Decimal;
}

/** What a document in another currency records: its currency and, once issued, the conversion. */
export interface DocumentCurrency {
  documentType: string;
  documentId: string;
  currency: string;
  /** Units of the currency per euro; null while a draft. */
  rate: string | null;
  rateDate: string | null;
  /** The day whose rate applies (the accounting date: operation date, else issue date). */
  accountingDate: string | null;
  euros: EuroAmounts | null;
}

/**
 * The lines in euros, ready for the kind's own arithmetic (`computeDocumentLines` with quantity 1,
 * unit price = the line's euro base): every VAT type's base converted once and allocated to its lines.
 */
export function euroBasis<L extends LineRecordCommon>(lines: readonly L[], rate: Decimal): LineBasis<L>[] {
  const byType = new Map<string, number[]>();
  lines.forEach((l, i) => byType.set(l.taxTypeId, [...(byType.get(l.taxTypeId) ?? []), i]));
  const bases: Decimal[] = lines.map(() => Decimal.zero(2));
  for (const indexes of byType.values()) {
    const sum = indexes.reduce((s, i) => s.add(lines[i].base), Decimal.zero(2));
    const shares = allocate(convertToEuros(sum, rate), indexes.map((i) => lines[i].base));
    indexes.forEach((i, k) => { bases[i] = shares[k]; });
  }
  return lines.map((l, i) => {
    const { base: _b, taxAmount: _t, surchargeAmount: _s, withholdingAmount: _w, ...rest } = l as LineRecordCommon & { selfAssessedAmount?: Decimal };
    delete (rest as { selfAssessedAmount?: Decimal }).selfAssessedAmount;
    return { ...rest, quantity: Decimal.parse('1'), unitPrice: bases[i], discountPct: Decimal.zero(2) } as unknown as LineBasis<L>;
  });
}

/** The euro totals of a computed (euro) document. */
export const euroAmountsOf = (computed: ComputedDocument<unknown>): EuroAmounts => ({
  subtotal: computed.subtotal, taxTotal: computed.taxTotal, surchargeTotal: computed.surchargeTotal, withholdingTotal: computed.withholdingTotal, total: computed.total,
});

/** The euro lines back on the document's own lines (their descriptions, quantities and prices kept; amounts in euros). */
export function withEuroAmounts<L extends LineRecordCommon>(lines: readonly L[], euros: ComputedDocument<L>): L[] {
  return lines.map((l, i) => ({ ...l, ...pickAmounts(euros.lines[i]) }));
}
const pickAmounts = (l: LineRecordCommon & { selfAssessedAmount?: Decimal }) => ({
  base: l.base, taxAmount: l.taxAmount, surchargeAmount: l.surchargeAmount, withholdingAmount: l.withholdingAmount,
  ...(l.selfAssessedAmount !== undefined ? { selfAssessedAmount: l.selfAssessedAmount } : {}),
});

export const currencyMigrations = [
  sqlMigration('20270207000200_document_currencies', [
    `create table document_currencies (
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null,
       document_id uuid not null,
       currency text not null check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR'),
       exchange_rate numeric check (exchange_rate > 0),
       rate_date date,
       accounting_date date,
       subtotal_eur numeric(18,2),
       tax_total_eur numeric(18,2),
       surcharge_total_eur numeric(18,2),
       withholding_total_eur numeric(18,2),
       total_eur numeric(18,2),
       converted_at timestamptz,
       primary key (tenant_id, document_type, document_id),
       check ((exchange_rate is null) = (total_eur is null))
     )`,
    ...tenantRowLevelSecurity('document_currencies'),
  ]),
];

/** Whether a document (`:documentType`, `:id`) is in another currency: one row or none. */
export const FOREIGN_CURRENCY_SQL = `select 1 as foreign from document_currencies where tenant_id = :tenant and document_type = :documentType and document_id = :id::uuid`;

const COLUMNS = `document_type, document_id::text as document_id, currency, exchange_rate::text as rate, rate_date::text as rate_date, accounting_date::text as accounting_date,
  subtotal_eur::text as subtotal, tax_total_eur::text as tax_total, surcharge_total_eur::text as surcharge_total, withholding_total_eur::text as withholding_total, total_eur::text as total`;

function fromRow(row: any): DocumentCurrency {
  const d = (x: string) => Decimal.parse(x, 2);
  return {
    documentType: row.document_type, documentId: row.document_id, currency: row.currency, rate: row.rate, rateDate: row.rate_date, accountingDate: row.accounting_date,
    euros: row.total == null ? null : { subtotal: d(row.subtotal), taxTotal: d(row.tax_total), surchargeTotal: d(row.surcharge_total), withholdingTotal: d(row.withholding_total), total: d(row.total) },
  };
}

/** The store of documents' currencies (the documents plugin's table; kinds call it through ./api.ts). */
export const DocumentCurrencies = {
  /** A draft's currency: EUR removes any row (the default), another code (already validated) is kept. */
  async setDraft(tx: Tx, documentType: string, documentId: string, currency: string): Promise<void> {
    if (currency === BOOK_CURRENCY) {
      await tx.sql(`delete from document_currencies where tenant_id = :tenant and document_type = :type and document_id = :id::uuid and exchange_rate is null`, { type: documentType, id: documentId });
      return;
    }
    await tx.sql(`insert into document_currencies (tenant_id, document_type, document_id, currency) values (:tenant, :type, :id::uuid, :currency)
      on conflict (tenant_id, document_type, document_id) do update set currency = excluded.currency where document_currencies.exchange_rate is null`,
    { type: documentType, id: documentId, currency });
  },

  /** The conversion made at issue. */
  async recordConversion(tx: Tx, documentType: string, documentId: string, conversion: { currency: string; rate: string; rateDate: string; accountingDate: string; euros: EuroAmounts }): Promise<void> {
    const e = conversion.euros;
    await tx.sql(`insert into document_currencies (tenant_id, document_type, document_id, currency, exchange_rate, rate_date, accounting_date,
        subtotal_eur, tax_total_eur, surcharge_total_eur, withholding_total_eur, total_eur, converted_at)
      values (:tenant, :type, :id::uuid, :currency, :rate::numeric, :rateDate::date, :accountingDate::date, :subtotal::numeric, :taxTotal::numeric,
        :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric, now())
      on conflict (tenant_id, document_type, document_id) do update set currency = excluded.currency, exchange_rate = excluded.exchange_rate,
        rate_date = excluded.rate_date, accounting_date = excluded.accounting_date, subtotal_eur = excluded.subtotal_eur, tax_total_eur = excluded.tax_total_eur,
        surcharge_total_eur = excluded.surcharge_total_eur, withholding_total_eur = excluded.withholding_total_eur, total_eur = excluded.total_eur, converted_at = now()`, {
      type: documentType, id: documentId, currency: conversion.currency, rate: conversion.rate, rateDate: conversion.rateDate, accountingDate: conversion.accountingDate,
      subtotal: e.subtotal.toString(), taxTotal: e.taxTotal.toString(), surchargeTotal: e.surchargeTotal.toString(), withholdingTotal: e.withholdingTotal.toString(), total: e.total.toString(),
    });
  },

  async find(tx: Tx, documentType: string, documentId: string): Promise<DocumentCurrency | null> {
    const [row] = await tx.sql(`select ${COLUMNS} from document_currencies where tenant_id = :tenant and document_type = :type and document_id = :id::uuid`, { type: documentType, id: documentId });
    return row ? fromRow(row) : null;
  },

  /** The currencies of several documents of one type (absent: EUR). */
  async findMany(tx: Tx, documentType: string, documentIds: readonly string[]): Promise<Map<string, DocumentCurrency>> {
    if (!documentIds.length) return new Map();
    const rows = await tx.sql(`select ${COLUMNS} from document_currencies where tenant_id = :tenant and document_type = :type and document_id = any(:ids::uuid[])`,
      { type: documentType, ids: `{${documentIds.join(',')}}` });
    return new Map(rows.map((r: any) => [r.document_id, fromRow(r)]));
  },

  /** The company's erasure. */
  async erase(tx: Tx): Promise<void> {
    await tx.sql(`delete from document_currencies where tenant_id = :tenant`);
  },
};

/** The wire shape of a document's conversion, added to its response (null for EUR). */
export function currencyToJson(c: DocumentCurrency | null | undefined) {
  if (!c) return { currency: BOOK_CURRENCY, exchange_rate: null, rate_date: null, euro_amounts: null };
  return {
    currency: c.currency, exchange_rate: c.rate, rate_date: c.rateDate,
    euro_amounts: c.euros && {
      subtotal: c.euros.subtotal.toString(), tax_total: c.euros.taxTotal.toString(), surcharge_total: c.euros.surchargeTotal.toString(),
      withholding_total: c.euros.withholdingTotal.toString(), total: c.euros.total.toString(), accounting_date: c.accountingDate,
    },
  };
}

/**
 * A settlement of a document in another currency (amounts in that currency): the part of its euro
 * carrying amount it settles and the euros it is worth at the payment day's rate. The carrying part
 * is `total_eur × paid_after / total − total_eur × paid_before / total`, each rounded to the cent,
 * so that the parts of every payment add up to `total_eur` exactly.
 */
export async function foreignSettlement(tx: Tx, documentType: string, item: { id: string; total: Decimal; paid: Decimal }, amount: Decimal, date: string)
  : Promise<{ carrying: Decimal; received: Decimal; currency: string; rate: string } | null> {
  const fx = await DocumentCurrencies.find(tx, documentType, item.id);
  if (!fx?.euros) return null;
  const found = await ExchangeRates.rateOn(tx, fx.currency, date);
  const signed = item.total.isNegative() ? amount.negate() : amount;
  const share = (paid: Decimal) => {
    const numerator = fx.euros!.total.mul(paid);
    return item.total.isNegative() ? divide(numerator.negate(), item.total.negate(), 2) : divide(numerator, item.total, 2);
  };
  const carrying = share(item.paid.add(signed)).sub(share(item.paid));
  return { carrying: carrying.isNegative() ? carrying.negate() : carrying, received: convertToEuros(amount, Decimal.parse(found.rate, 20)), currency: fx.currency, rate: found.rate };
}

/** PGC accounts of realised exchange differences. */
export const EXCHANGE_LOSS_ACCOUNT = '668';
export const EXCHANGE_GAIN_ACCOUNT = '768';

/**
 * A settlement entry built at the carrying euros, its treasury line set to the euros actually
 * received or paid, and the difference posted: a debit short → 668 Diferencias negativas de
 * cambio, a credit short → 768 Diferencias positivas de cambio. The entry balances by construction.
 */
export function withExchangeDifference(draft: JournalDraft, treasury: string, received: Decimal): JournalDraft {
  const lines = draft.lines.map((line) => {
    if (line.account !== treasury || line.contactId) return line;
    return line.debit ? { ...line, debit: received } : { ...line, credit: received };
  });
  const zero = Decimal.zero(2);
  const net = lines.reduce((sum, l) => sum.add(l.debit ?? zero).sub(l.credit ?? zero), zero);
  if (net.isZero()) return { ...draft, lines };
  const difference: JournalDraftLine = net.isNegative()
    ? { account: EXCHANGE_LOSS_ACCOUNT, debit: net.negate() }
    : { account: EXCHANGE_GAIN_ACCOUNT, credit: net };
  return { ...draft, lines: [...lines, difference] };
}
