import { PayloadTooLarge, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { rowBoolean } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { asWritten, headingKey, tableFileRows, TableFileUnreadable, type TextRow } from '../../lib/table-file';
import { normaliseTaxId } from '../../lib/spanish-tax-id';
import { ContactService } from '../contacts/api';
import { TaxService } from '../taxes/api';
import { loadContext, type ContactFacts } from './context';
import { partyOfContact, pgArray, type Party } from './document';
import { documentKinds, type DocumentKind, type OpenItemFields } from './kinds';
import { takeNumber } from './numbering';
import { registerInsertSql, registerRows, type RegisterSide } from './tax-register';
import { loadTaxTypes, type TaxTypeInfo } from './tax-types';

/**
 * POST /open-items/import: the sales invoices customers still owe and the purchases still owed to
 * suppliers, brought from the system a company used before Cuadra (docs/domain/opening-open-items.md).
 * Each becomes a document of its kind flagged `migrated`: issued, with the file's number, its VAT
 * breakdown in the tax register (so the 347 and the VAT books of its year count it), `total −
 * pending` already paid, and nothing posted to the ledger (the opening balance carries it on
 * 430/400) and no VERI*FACTU record (the previous system issued it). Settled like any document.
 */

export const MAX_OPEN_ITEMS_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_OPEN_ITEM_ROWS = 5_000;

type Field = 'side' | 'number' | 'issue_date' | 'due_date' | 'tax_id' | 'total' | 'pending' | 'base' | 'rate' | 'quota';

/** The headings each field is read from (compared as `headingKey` makes them): Cuadra's own first, then the usual Spanish ones. */
export const OPEN_ITEM_COLUMNS: Record<Field, string[]> = {
  side: ['side', 'lado', 'tipo documento', 'emitida recibida'],
  number: ['number', 'numero', 'n factura', 'numero factura', 'factura', 'num factura'],
  issue_date: ['issue_date', 'fecha', 'fecha factura', 'fecha expedicion', 'fecha emision'],
  due_date: ['due_date', 'vencimiento', 'fecha vencimiento'],
  tax_id: ['tax_id', 'nif', 'cif', 'nif cif', 'nif contacto'],
  total: ['total', 'importe total', 'total factura'],
  pending: ['pending', 'pendiente', 'importe pendiente'],
  base: ['base', 'base imponible'],
  rate: ['rate', 'tipo iva', 'porcentaje iva'],
  quota: ['quota', 'cuota', 'cuota iva'],
};
const REQUIRED: Field[] = ['side', 'number', 'issue_date', 'tax_id', 'total', 'pending'];

const SIDE_WORDS: Record<string, RegisterSide> = {
  issued: 'issued', emitida: 'issued', emitidas: 'issued', venta: 'issued', ventas: 'issued', cliente: 'issued', sale: 'issued', sales: 'issued',
  received: 'received', recibida: 'received', recibidas: 'received', compra: 'received', compras: 'received', proveedor: 'received', purchase: 'received',
};

/** The domestic VAT rates an open item's breakdown may use, to the catalogue's codes (docs/domain/vat.md). */
const VAT_CODES: Record<string, string> = { '21.00': 'IVA21', '10.00': 'IVA10', '4.00': 'IVA4', '0.00': 'IVA0' };

export interface OpenItemsImportResult {
  rows: number;
  created: { line: number; document_type: string; id: string; number: string; status: 'issued' | 'partially_paid' }[];
  existing: { line: number; document_type: string; id: string; number: string }[];
}

interface VatLine { line: number; base: Decimal | null; rate: Decimal | null; quota: Decimal | null }

interface Item {
  line: number;
  side: RegisterSide;
  number: string;
  issueDate: string;
  dueDate: string | null;
  vat: string;
  total: Decimal;
  pending: Decimal;
  vatLines: VatLine[];
}

/** "1.234,56", "1234,56", "1234.56", "1234" to an exact amount; null when it is none. */
function amountOf(text: string): Decimal | null {
  let t = text.replace(/[\s€]/g, '');
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(t)) return null;
  return Decimal.parse(t, 2).rescale(2);
}

/** "2026-03-01", "01/03/2026", "1-3-2026" to ISO; null when it is no calendar date. */
function dateOf(text: string): string | null {
  let y: string, m: string, d: string;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const es = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (iso) [, y, m, d] = iso;
  else if (es) { [, d, m, y] = es; m = m.padStart(2, '0'); d = d.padStart(2, '0'); }
  else return null;
  const date = `${y}-${m}-${d}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date && y >= '1900' && y <= '2999' ? date : null;
}

/** Reads and checks every row; 422 naming every bad row. Rows with the same side, number and tax id are one document (a row per VAT rate). */
function readItems(rows: TextRow[]): Item[] {
  const [header, ...body] = rows;
  if (!header) throw ValidationFailed.field(['body', 'file'], 'The file is empty', 'value_error.empty');
  const position = new Map<string, number>();
  header.cells.forEach((heading, i) => { const key = headingKey(heading); if (key && !position.has(key)) position.set(key, i); });
  const columns = new Map<Field, number>();
  for (const [field, headings] of Object.entries(OPEN_ITEM_COLUMNS) as [Field, string[]][]) {
    const found = headings.map(headingKey).find((h) => position.has(h));
    if (found !== undefined) columns.set(field, position.get(found)!);
  }
  const missing = REQUIRED.filter((f) => !columns.has(f));
  if (missing.length) throw ValidationFailed.field(['body', 'file'], `The header lacks the column(s) ${missing.join(', ')} (docs/domain/opening-open-items.md)`, 'value_error.columns');
  if (body.length > MAX_OPEN_ITEM_ROWS) throw new PayloadTooLarge(`An open items file may have at most ${MAX_OPEN_ITEM_ROWS} rows`);

  const errors: FieldError[] = [];
  const items = new Map<string, Item>();
  for (const { line, cells } of body) {
    const value = (field: Field) => (columns.has(field) ? asWritten(cells[columns.get(field)!] ?? '').trim() : '');
    if (cells.every((c) => !c.trim())) continue;
    const failures = errors.length;
    const fail = (field: string, msg: string, type = 'value_error') => errors.push({ loc: ['body', 'file', line, field], msg: `Line ${line}: ${msg}`, type });
    const side = SIDE_WORDS[headingKey(value('side')).split(' ')[0] ?? ''];
    if (!side) fail('side', `side "${value('side')}" is not issued (a sales invoice) or received (a purchase)`, 'value_error.side');
    const number = value('number');
    if (!number) fail('number', 'no number', 'value_error.missing');
    else if (number.length > 60) fail('number', 'the number is longer than 60 characters', 'value_error.too_long');
    const issueDate = dateOf(value('issue_date'));
    if (!issueDate) fail('issue_date', `issue date "${value('issue_date')}" is not a date (YYYY-MM-DD or DD/MM/YYYY)`, 'value_error.date');
    const dueText = value('due_date');
    const dueDate = dueText ? dateOf(dueText) : null;
    if (dueText && !dueDate) fail('due_date', `due date "${dueText}" is not a date (YYYY-MM-DD or DD/MM/YYYY)`, 'value_error.date');
    if (dueDate && issueDate && dueDate < issueDate) fail('due_date', 'the due date is before the issue date', 'value_error.date');
    const vat = normaliseTaxId(value('tax_id'));
    if (!vat) fail('tax_id', 'no tax id of the customer or supplier', 'value_error.missing');
    const amount = (field: Field, required: boolean): Decimal | null => {
      const text = value(field);
      if (!text) { if (required) fail(field, `no ${field}`, 'value_error.missing'); return null; }
      const parsed = amountOf(text);
      if (!parsed) fail(field, `${field} "${text}" is not an amount (at most two decimals)`, 'value_error.amount');
      return parsed;
    };
    const total = amount('total', true);
    const pending = amount('pending', true);
    if (total && !(total.compare(Decimal.zero()) > 0)) fail('total', 'the total must be positive (credit notes are not open items to import)', 'value_error.amount');
    if (total && pending && (pending.compare(Decimal.zero()) <= 0 || pending.compare(total) > 0)) {
      fail('pending', `the pending amount must be more than 0 and at most the total ${total}`, 'value_error.pending');
    }
    const base = amount('base', false);
    const quota = amount('quota', false);
    const rateText = value('rate').replace('%', '').trim();
    const rateAmount = rateText ? amountOf(rateText) : null;
    const rate = rateAmount && VAT_CODES[rateAmount.toString()] ? rateAmount : null;
    if (rateText && !rate) fail('rate', `VAT rate "${value('rate')}" is not one of 21, 10, 4 or 0`, 'value_error.rate');
    if (errors.length > failures) continue;

    const key = `${side}\u0000${number.toUpperCase()}\u0000${vat}`;
    const vatLine = { line, base, rate, quota };
    const earlier = items.get(key);
    if (!earlier) {
      items.set(key, { line, side, number, issueDate: issueDate!, dueDate, vat, total: total!, pending: pending!, vatLines: [vatLine] });
      continue;
    }
    // a further VAT rate of the same document: its header must say the same
    if (earlier.issueDate !== issueDate || earlier.dueDate !== dueDate || !earlier.total.eq(total!) || !earlier.pending.eq(pending!)) {
      fail('number', `${number} is on line ${earlier.line} with another date, due date, total or pending amount (a document's rows differ only in their VAT)`, 'value_error.duplicate');
      continue;
    }
    earlier.vatLines.push(vatLine);
  }
  const result = [...items.values()];
  if (!result.length && !errors.length) errors.push({ loc: ['body', 'file'], msg: 'The file has no open items', type: 'value_error.empty' });
  // the same number twice on a side: one sales invoice number per company, one supplier number per supplier
  const numbers = new Map<string, Item>();
  for (const item of result) {
    const key = item.side === 'issued' ? `issued\u0000${item.number.toUpperCase()}` : '';
    if (!key) continue;
    const other = numbers.get(key);
    if (other) errors.push({ loc: ['body', 'file', item.line, 'number'], msg: `Line ${item.line}: sales invoice ${item.number} is on line ${other.line} for another customer`, type: 'value_error.duplicate' });
    else numbers.set(key, item);
  }
  if (errors.length) throw new ValidationFailed(errors);
  return result;
}

interface Breakdown { base: Decimal; rate: Decimal; quota: Decimal }

/**
 * The item's VAT, one row a rate: as the file gives it (the quota computed from base and rate when
 * absent, within a cent of it when given); an item of one row without a base takes the base its
 * total implies at the rate given, one without a rate the rate its total and base imply (refused
 * when they imply none). The breakdown must add up to the total.
 */
function breakdownOf(item: Item, fail: (field: string, msg: string) => void): Breakdown[] | null {
  const single = item.vatLines.length === 1;
  const out: Breakdown[] = [];
  for (const v of item.vatLines) {
    if (v.base && v.rate) {
      const computed = v.base.percent(v.rate);
      const off = v.quota ? v.quota.sub(computed).rescale(2).units : 0n;
      if (off > 1n || off < -1n) { fail('quota', `line ${v.line}: VAT ${v.quota} is not ${v.rate}% of ${v.base} (${computed})`); return null; }
      out.push({ base: v.base, rate: v.rate, quota: v.quota ?? computed });
    } else if (single && v.rate && !v.base) {
      const base = divide(item.total.mul(Decimal.parse('100')), Decimal.parse('100').add(v.rate));
      out.push({ base, rate: v.rate, quota: item.total.sub(base).rescale(2) });
    } else if (single && v.base && !v.rate) {
      const quota = item.total.sub(v.base).rescale(2);
      const rate = Object.keys(VAT_CODES).map((r) => Decimal.parse(r, 2)).find((r) => {
        const d = v.base!.percent(r).sub(quota).units;
        return d >= -1n && d <= 1n;
      });
      if (!rate) { fail('rate', `line ${v.line}: the total ${item.total} and base ${v.base} imply no VAT rate of 21, 10, 4 or 0: give the rate and VAT`); return null; }
      out.push({ base: v.base, rate, quota });
    } else {
      fail(single ? 'base' : 'rate', `line ${v.line}: ${single ? 'give the base or the VAT rate (or both)' : 'each row of a document with several VAT rates gives its base and rate'}`);
      return null;
    }
  }
  const sum = out.reduce((s, b) => s.add(b.base).add(b.quota), Decimal.zero(2)).rescale(2);
  if (!sum.eq(item.total)) { fail('total', `the VAT breakdown adds up to ${sum}, not the total ${item.total} (withholdings are not taken: see docs/domain/opening-open-items.md)`); return null; }
  return out;
}

/** a / b to the cent, half away from zero (both positive). */
function divide(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  const num = a.rescale(scale).units * 100n;
  const den = b.rescale(scale).units;
  return Decimal.of((num * 2n + den) / (den * 2n), 2);
}

const kindFor = (side: RegisterSide): DocumentKind | undefined => documentKinds().find((k) => k.side === side && k.openItems);

/** What a document already in the company answers for an item of the file: its id when it is that item imported before. */
async function existingDocuments(tx: Tx, kind: DocumentKind, items: Item[], contacts: Map<string, string>) {
  const numbering = kind.openItems!.numbering;
  const column = 'given' in numbering ? 'number' : numbering.numberColumn;
  const rows = await tx.sql<{ id: string; contact_id: string; number: string; own: string; migrated: unknown }>(`
    select id::text as id, contact_id::text as contact_id, number, ${column} as own, migrated from ${kind.table}
    where tenant_id = :tenant and upper(${column}) = any(:numbers::text[])`, { numbers: pgArray([...new Set(items.map((i) => i.number.toUpperCase()))]) });
  const found = new Map<Item, { id: string; number: string; migrated: boolean; sameContact: boolean }>();
  for (const item of items) {
    const contactId = contacts.get(item.vat);
    const matches = rows.filter((r) => r.own.toUpperCase() === item.number.toUpperCase() && ('given' in numbering || r.contact_id === contactId));
    const row = matches.find((r) => r.contact_id === contactId) ?? matches[0];
    if (row) found.set(item, { id: row.id, number: row.number, migrated: rowBoolean(row.migrated), sameContact: row.contact_id === contactId });
  }
  return found;
}

/** Writes one item: the kind's lines and document (issued, migrated, nothing posted) and its register rows, in one statement. */
async function writeItem(tx: Tx, kind: DocumentKind, item: Item, contact: ContactFacts, issuer: Party, breakdown: Breakdown[], types: Map<string, TaxTypeInfo>, typeOfRate: Map<string, string>) {
  const spec = kind.openItems!;
  const id = crypto.randomUUID();
  const party = partyOfContact(contact);
  const fields: OpenItemFields = { number: item.number, contact, party, issuer };
  const own = spec.own(fields);
  const year = Number(item.issueDate.slice(0, 4));
  const numbered = 'given' in spec.numbering
    ? { series: 'MIGRADA', seq: null, number: item.number }
    : { series: spec.numbering.series, ...(await takeNumber(tx, kind.seriesTable as `${string}_series`, spec.numbering.series, item.issueDate)) };
  const subtotal = breakdown.reduce((s, b) => s.add(b.base), Decimal.zero(2)).rescale(2);
  const taxTotal = breakdown.reduce((s, b) => s.add(b.quota), Decimal.zero(2)).rescale(2);
  const lines = breakdown.map((b, i) => ({
    line_no: i + 1, description: `Factura ${item.number} (migrada): base al ${b.rate}%`.slice(0, 1000), quantity: '1', unit_price: b.base.toString(), discount_pct: '0',
    tax_type_id: typeOfRate.get(b.rate.toString()), tax_rate: b.rate.toString(), base: b.base.toString(), tax_amount: b.quota.toString(),
    ...Object.fromEntries(Object.entries(spec.lineOwn).map(([c, [, v]]) => [c, v])),
  }));
  const lineColumns: Record<string, string> = {
    line_no: 'int', description: 'text', quantity: 'numeric', unit_price: 'numeric', discount_pct: 'numeric', tax_type_id: 'uuid', tax_rate: 'numeric', base: 'numeric',
    tax_amount: 'numeric', ...Object.fromEntries(Object.entries(spec.lineOwn).map(([c, [type]]) => [c, type])),
  };
  const lineNames = Object.keys(lineColumns);
  const ownNames = Object.keys(own);
  const extras = spec.register?.(fields) ?? {};
  const register = registerRows({
    documentType: kind.name, documentId: id, side: kind.side, purchaseKind: extras.purchaseKind, number: numbered.number, supplierNumber: extras.supplierNumber ?? null,
    issueDate: item.issueDate, operationDate: null, contactId: contact.id, counterparty: party, rectifiesId: null, rectifiesNumber: null, rectificationMode: null,
    total: item.total, simplified: false,
  }, breakdown.map((b) => ({
    taxTypeId: typeOfRate.get(b.rate.toString())!, taxRate: b.rate, surchargeRate: null, withholdingRate: null, base: b.base, quota: b.quota,
    surcharge: Decimal.zero(2), withholding: Decimal.zero(2),
  })), types);
  const paid = item.total.sub(item.pending).rescale(2);
  const status = paid.isZero() ? 'issued' : 'partially_paid';
  // the lines go in first, while their document is not there to guard them (as an issue statement does)
  await tx.sql(`
    with new_lines as (
      insert into ${kind.linesTable} (tenant_id, ${kind.linesKey}, ${lineNames.join(', ')})
      select :tenant, :id::uuid, ${lineNames.map((n) => `x.${n}`).join(', ')}
      from jsonb_to_recordset(:lines::jsonb) as x (${lineNames.map((n) => `${n} ${lineColumns[n]}`).join(', ')})
      returning 1
    ), document as (
      insert into ${kind.table} (id, tenant_id, status, migrated, series, year, seq, number, contact_id, issue_date, due_date, subtotal, tax_total, total, amount_paid,
        issued_at${ownNames.map((c) => `, ${c}`).join('')})
      select :id::uuid, :tenant, :status, true, :series, :year, :seq::int, :number, :contactId::uuid, :issueDate::date, :dueDate::date, :subtotal::numeric,
        :taxTotal::numeric, :total::numeric, :paid::numeric, now()${ownNames.map((c) => `, :own_${c}::${own[c][0]}`).join('')}
      where (select count(*) from new_lines) >= 0
      returning id
    ), register as (${registerInsertSql()} where exists (select 1 from document))
    select 1`, {
    id, lines: JSON.stringify(lines), status, series: numbered.series, year, seq: numbered.seq, number: numbered.number, contactId: contact.id, issueDate: item.issueDate,
    dueDate: item.dueDate, subtotal: subtotal.toString(), taxTotal: taxTotal.toString(), total: item.total.toString(), paid: paid.toString(),
    register: JSON.stringify(register), ...Object.fromEntries(ownNames.map((c) => [`own_${c}`, own[c][1]])),
  });
  return { id, number: numbered.number, status } as const;
}

/**
 * Imports a file of open items in the caller's transaction: every row read and checked first, and
 * every document's contact, VAT and number, so a bad row is a 422 naming it and nothing is written;
 * an item already imported (the same number, of the same contact for a purchase) is reported, not
 * written again, so the same file twice creates once.
 */
export async function importOpenItems(tx: Tx, body: { file: File }): Promise<OpenItemsImportResult> {
  if (body.file.size > MAX_OPEN_ITEMS_FILE_BYTES) throw new PayloadTooLarge(`An open items file may be at most ${MAX_OPEN_ITEMS_FILE_BYTES} bytes`);
  let rows: TextRow[];
  try {
    rows = tableFileRows(new Uint8Array(await body.file.arrayBuffer()), MAX_OPEN_ITEMS_FILE_BYTES * 8);
  } catch (error) {
    if (error instanceof TableFileUnreadable) throw ValidationFailed.field(['body', 'file'], error.message, 'value_error.file');
    throw error;
  }
  const items = readItems(rows);

  // one import at a time per company: a second upload of the same file waits, then finds these documents
  await tx.sql(`select pg_advisory_xact_lock(hashtext('cuadra_open_items_import'), hashtext(:tenant::text))`, {});
  const errors: FieldError[] = [];
  const failOf = (item: Item) => (field: string, msg: string) => errors.push({ loc: ['body', 'file', item.line, field], msg: `Line ${item.line}: ${msg}`, type: 'value_error.open_item' });

  const contactIds = await ContactService.idsByVat(tx, items.map((i) => i.vat));
  const typeRows = await TaxService.findByCodes(tx, Object.values(VAT_CODES));
  const typeOfRate = new Map<string, string>();
  for (const [rate, code] of Object.entries(VAT_CODES)) { const found = typeRows.find((t) => t.code === code); if (found) typeOfRate.set(rate, found.id); }
  const types = await loadTaxTypes(tx, typeOfRate.values());

  const contexts = new Map<string, { contact: ContactFacts; issuer: Party }>();
  const planned: { item: Item; kind: DocumentKind; breakdown: Breakdown[] }[] = [];
  const existing: OpenItemsImportResult['existing'] = [];
  const byKind = new Map<DocumentKind, Item[]>();
  for (const item of items) {
    const fail = failOf(item);
    const kind = kindFor(item.side);
    if (!kind) { fail('side', `no installed document kind takes ${item.side} open items`); continue; }
    const contactId = contactIds.get(item.vat);
    if (!contactId) { fail('tax_id', `no contact has the tax id ${item.vat}: import the contacts first (POST /api/v1/contacts/import)`); continue; }
    if (!contexts.has(contactId)) {
      const context = await loadContext(tx, contactId, []);
      contexts.set(contactId, { contact: context.contact, issuer: context.issuer });
    }
    const refusal = kind.openItems!.refuses(contexts.get(contactId)!.contact);
    if (refusal) { fail('tax_id', refusal); continue; }
    const breakdown = breakdownOf(item, fail);
    for (const b of breakdown ?? []) if (!typeOfRate.has(b.rate.toString())) { fail('rate', `the company has no VAT type at ${b.rate}%`); }
    if (!breakdown) continue;
    planned.push({ item, kind, breakdown });
    byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
  }
  const already = new Map<Item, { id: string; number: string; migrated: boolean; sameContact: boolean }>();
  for (const [kind, kindItems] of byKind) for (const [item, found] of await existingDocuments(tx, kind, kindItems, contactIds)) already.set(item, found);
  for (const { item, kind } of planned) {
    const found = already.get(item);
    if (!found) continue;
    if (found.migrated && found.sameContact) existing.push({ line: item.line, document_type: kind.name, id: found.id, number: found.number });
    else failOf(item)('number', `${kind.noun.toLowerCase()} ${item.number} is already in the company${found.migrated ? ' for another contact' : ` (${found.number}, not imported)`}`);
  }
  if (errors.length) throw new ValidationFailed(errors.sort((a, b) => Number(a.loc[2] ?? 0) - Number(b.loc[2] ?? 0)));

  const created: OpenItemsImportResult['created'] = [];
  for (const { item, kind, breakdown } of planned) {
    if (already.has(item)) continue;
    const { contact, issuer } = contexts.get(contactIds.get(item.vat)!)!;
    const written = await writeItem(tx, kind, item, contact, issuer, breakdown, types, typeOfRate);
    created.push({ line: item.line, document_type: kind.name, ...written });
  }
  return { rows: rows.length - 1, created, existing };
}
