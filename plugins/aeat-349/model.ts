import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { TaxRegisterNature, TaxRegisterSums, type NatureParts, type NatureSum, type NatureSumKey, type TaxRegisterQuery } from '../documents/api';
import { ContactService } from '../contacts/api';
import { InvoiceService } from '../invoices/api';
import { PurchaseService } from '../purchases/api';
import { isEuMemberState, vatPrefixOf } from '../taxes/api';
import { BoxSheet, dec, periodContaining, periodOf, type BoxDefinition, type ModelInput, type ModelResult, type TaxPeriod } from '../tax-models/api';

/**
 * Modelo 349 (declaración recapitulativa de operaciones intracomunitarias) from the tax register's
 * intra-EU rows (regime `intra_eu`): one line per EU operator (VAT number with its country prefix)
 * and key, and one rectification line per operator, key and earlier period that a rectifying
 * document of this period changes. Rules and sources: docs/domain/modelo-349.md.
 */

export type Key349 = 'E' | 'A' | 'S' | 'I';

/** The summary of the form (the type 1 record's totals): Cuadra's numbering, not the form's casillas. */
export const BOXES_349: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de operadores intracomunitarios', kind: 'count' },
  { number: '02', label: 'Importe de las operaciones intracomunitarias', kind: 'amount' },
  { number: '03', label: 'Número total de operadores intracomunitarios con rectificaciones', kind: 'count' },
  { number: '04', label: 'Importe de las rectificaciones', kind: 'amount' },
];

/** Art. 81 RIVA: monthly when the deliveries of goods and services to declare exceed 50,000 € in the quarter or any of the four before. */
export const MONTHLY_THRESHOLD_349 = Decimal.parse('50000.00');

export interface Line349 { key: Key349; vat: string; country: string; name: string; contact_id: string; base: string }
export interface Rectification349 extends Omit<Line349, 'base'> { year: number; period: string; rectified_base: string; previous_base: string }
export interface Error349 { contact_id: string; name: string; tax_id: string | null; country: string; key: Key349; document_number: string; base: string; reason: string }

/** The key of an operation: deliveries E (goods) and S (services), acquisitions A (goods) and I (services). */
export const keyOf = (side: 'issued' | 'received', nature: 'goods' | 'services'): Key349 =>
  side === 'issued' ? (nature === 'goods' ? 'E' : 'S') : (nature === 'goods' ? 'A' : 'I');

/** An EU operator's VAT number as the 349 needs it: another Member State's, with that State's prefix; the reason when it is not. */
export function operatorVatProblem(taxId: string | null, country: string): string | null {
  if (!isEuMemberState(country) || country === 'ES') return `The counterparty's country (${country}) is not another EU Member State`;
  if (!taxId) return 'The counterparty has no EU VAT number';
  const prefix = vatPrefixOf(country);
  if (!new RegExp(`^${prefix}[A-Z0-9+*]{2,15}$`).test(taxId.toUpperCase())) return `The VAT number ${taxId} is not a ${country} VAT number with its prefix ${prefix}`;
  return null;
}

/** The contacts plugin's verdict on the check digits, when the contact still has the VAT number the document printed. */
function checkDigitsProblem(contact: { vat: string | null; vatValid: boolean } | undefined, taxId: string | null): string | null {
  if (!contact || !taxId || contact.vat?.toUpperCase() !== taxId.toUpperCase() || contact.vatValid) return null;
  return `The VAT number ${taxId} has wrong check digits`;
}

/** The issue dates of rectified documents (a rectification belongs to its original's period), read through their kinds' services once each. */
class IssueDates {
  private cache = new Map<string, Promise<string>>();
  constructor(private tx: Tx) {}
  of(type: string, id: string): Promise<string> {
    const key = `${type}|${id}`;
    if (!this.cache.has(key)) this.cache.set(key, this.load(type, id));
    return this.cache.get(key)!;
  }
  private async load(type: string, id: string): Promise<string> {
    if (type === 'purchase') return (await PurchaseService.get(this.tx, id)).record.issueDate;
    if (type === 'invoice') return (await InvoiceService.get(this.tx, id)).record.issueDate;
    throw new Error(`aeat-349: no reader for document kind ${type}`);
  }
}

/** One part of an operation: its key, its base, and the period it belongs to (the rectified document's for a rectification). */
interface Part { key: Key349; base: Decimal; target: TaxPeriod }

/**
 * The parts by key of a row, or of a group of rows summed alike: the goods and services parts of
 * the documents plugin's rule (`TaxRegisterNature`, the one the 390 reads too), goods first, a part
 * no row has left out (a row of neither keeps its services key, so that an empty row still has a line).
 */
function partsOf(side: 'issued' | 'received', nature: NatureParts, listed: { goods: boolean; services: boolean }, target: TaxPeriod): Part[] {
  const parts: Part[] = [];
  if (listed.goods) parts.push({ key: keyOf(side, 'goods'), base: nature.goods.base, target });
  if (listed.services) parts.push({ key: keyOf(side, 'services'), base: nature.services.base, target });
  return parts;
}

/** Which parts one row lists: goods when its goods part is not zero, services when its services part is not zero or it has no goods part. */
const listedOfRow = (nature: NatureParts) => ({ goods: !nature.goods.base.isZero(), services: !nature.services.base.isZero() || nature.goods.base.isZero() });
/** Which parts a group of rows lists: those some row of it lists. */
const listedOfGroup = (sum: NatureSum) => ({ goods: sum.goodsRows > 0, services: sum.servicesRows > 0 });

/** The period an operation belongs to: the rectified document's, for a rectification; else its accounting date's (a month of it). */
async function targetOf(dates: IssueDates, documentType: string, rectifiesId: string | null, accounting: string, periodicity: TaxPeriod['periodicity']): Promise<TaxPeriod> {
  return periodContaining(rectifiesId ? await dates.of(documentType, rectifiesId) : accounting, periodicity);
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const samePeriod = (a: TaxPeriod, b: TaxPeriod) => a.year === b.year && a.code === b.code;
/** Only the intra-EU rows of the register: the filter the register's query applies in the database. */
const INTRA_EU = { regimes: ['intra_eu'] };

/** Intra-EU deliveries (E and S: the issued side) per quarter, summed in the database. */
async function deliveriesByQuarter(tx: Tx, from: string, to: string): Promise<Map<string, Decimal>> {
  const sums = await TaxRegisterSums.query(tx, { from, to, side: 'issued', ...INTRA_EU }, ['month'], ['base']);
  const quarters = new Map<string, Decimal>();
  for (const s of sums) {
    const q = periodContaining(`${s.key.month}-01`, 'quarterly');
    const key = `${q.year}-${q.code}`;
    quarters.set(key, (quarters.get(key) ?? Decimal.zero(2)).add(dec(s.base)).rescale(2));
  }
  return quarters;
}

/** Whether the company must file monthly in the period's quarter: the quarter or any of the four before above 50,000 €. */
async function periodicityCheck(tx: Tx, period: TaxPeriod) {
  const quarter = periodContaining(period.from, 'quarterly');
  const first = periodOf(quarter.year - 1, 'quarterly', quarter.index);
  const totals = await deliveriesByQuarter(tx, first.from, quarter.to);
  const quarters = [...totals.entries()].map(([q, amount]) => ({ quarter: q, deliveries: amount.toString() })).sort((a, b) => a.quarter.localeCompare(b.quarter));
  const monthly = [...totals.values()].some((amount) => amount.compare(MONTHLY_THRESHOLD_349) > 0);
  return { threshold: MONTHLY_THRESHOLD_349.toString(), monthly_required: monthly, quarters };
}

/** What the period's intra-EU rows are summed by: what tells an operator, a key and the period it belongs to. */
const OPERATOR_GROUPS: NatureSumKey[] = ['side', 'contactId', 'counterpartyTaxId', 'counterpartyName', 'counterpartyCountry', 'documentType', 'rectifiesId'];

export async function compute349({ tx, period }: ModelInput): Promise<ModelResult> {
  const dates = new IssueDates(tx);
  const lines = new Map<string, Line349 & { amount: Decimal }>();
  const corrections = new Map<string, { line: Omit<Line349, 'base'>; target: TaxPeriod; delta: Decimal }>();
  const range = { from: period.from, to: period.to, ...INTRA_EU };
  // the period's intra-EU rows split and summed in the database, by operator, document kind and rectified document
  const groups = await TaxRegisterNature.sums(tx, range, OPERATOR_GROUPS);
  // the counterparties' VAT numbers as their contacts hold them: one statement for all of them
  const contacts = await ContactService.vatNumbers(tx, groups.map((g) => String(g.key.contactId)));
  const problemOf = (contactId: string, taxId: string | null, country: string) =>
    operatorVatProblem(taxId, country) ?? checkDigitsProblem(contacts.get(contactId), taxId);
  // operators with rows that are listed as errors: read row by row, so that each error names its document
  const listedApart = new Set<string>();
  for (const group of groups) {
    const { contactId, counterpartyTaxId: taxId, counterpartyName: name, counterpartyCountry: country, side } = group.key as Record<string, string>;
    if (group.unmapped) listedApart.add(contactId);
    if (problemOf(contactId, taxId ?? null, country)) { listedApart.add(contactId); continue; }
    if (group.rows === group.unmapped) continue;
    const target = await targetOf(dates, String(group.key.documentType), (group.key.rectifiesId as string | null) ?? null, period.from, period.periodicity);
    const vat = taxId.toUpperCase();
    const identity = { vat, country, name, contact_id: contactId };
    for (const part of partsOf(side as 'issued' | 'received', group, listedOfGroup(group), target)) {
      if (samePeriod(part.target, period)) {
        const id = `${part.key}|${vat}`;
        const line = lines.get(id) ?? { ...identity, key: part.key, base: '0.00', amount: Decimal.zero(2) };
        line.amount = line.amount.add(part.base).rescale(2);
        lines.set(id, line);
      } else {
        const id = `${part.target.year}|${part.target.code}|${part.key}|${vat}`;
        const correction = corrections.get(id) ?? { line: { ...identity, key: part.key }, target: part.target, delta: Decimal.zero(2) };
        correction.delta = correction.delta.add(part.base).rescale(2);
        corrections.set(id, correction);
      }
    }
  }
  const errors = await rowErrors(tx, dates, range, [...listedApart], problemOf, period.periodicity);
  const rectifications: Rectification349[] = [];
  for (const c of corrections.values()) {
    const previous = await declaredBefore(tx, dates, c.target, period, c.line.contact_id, c.line.key, c.line.vat);
    const rectified = previous.add(c.delta).rescale(2);
    if (rectified.isNegative()) {
      errors.push({ contact_id: c.line.contact_id, name: c.line.name, tax_id: c.line.vat, country: c.line.country, key: c.line.key, document_number: '', base: c.delta.toString(), reason: `The rectification of ${c.target.year} ${c.target.code} leaves a negative base (${rectified.toString()}): correct that period's return by hand` });
      continue;
    }
    rectifications.push({ ...c.line, year: c.target.year, period: c.target.code, rectified_base: rectified.toString(), previous_base: previous.toString() });
  }
  const declared = [...lines.values()].filter((l) => !l.amount.isZero());
  for (const l of declared) {
    if (l.amount.isNegative()) errors.push({ contact_id: l.contact_id, name: l.name, tax_id: l.vat, country: l.country, key: l.key, document_number: '', base: l.amount.toString(), reason: 'The period\'s operations with this operator and key add up to a negative base' });
  }
  const ordinary: Line349[] = declared.filter((l) => !l.amount.isNegative())
    .map(({ amount, ...l }) => ({ ...l, base: amount.toString() }))
    .sort((a, b) => a.key.localeCompare(b.key) || a.vat.localeCompare(b.vat));
  rectifications.sort((a, b) => a.year - b.year || a.period.localeCompare(b.period) || a.key.localeCompare(b.key) || a.vat.localeCompare(b.vat));
  const boxes = new BoxSheet();
  boxes.set('01', Decimal.of(BigInt(ordinary.length), 0));
  for (const l of ordinary) boxes.add('02', l.base);
  boxes.set('03', Decimal.of(BigInt(rectifications.length), 0));
  for (const r of rectifications) boxes.add('04', r.rectified_base);
  return {
    boxes: boxes.toRecord(BOXES_349), result: '0.00', declarationType: ordinary.length || rectifications.length ? 'I' : 'N',
    details: { lines: ordinary, rectifications, errors, periodicity: await periodicityCheck(tx, period) },
  };
}

/**
 * The errors of the rows the lines leave out, in book order: a row whose goods and services cannot
 * be told, and each part of a row whose operator's VAT number is wrong.
 */
async function rowErrors(tx: Tx, dates: IssueDates, range: TaxRegisterQuery, contactIds: readonly string[], problemOf: (contactId: string, taxId: string | null, country: string) => string | null,
  periodicity: TaxPeriod['periodicity']): Promise<Error349[]> {
  const errors: Error349[] = [];
  if (!contactIds.length) return errors;
  const rows = await TaxRegisterNature.rows(tx, { ...range, contactIds });
  for (const { row, nature } of rows) {
    const { contactId, name, taxId, country } = row.counterparty;
    if (!nature) {
      // a kind whose lines keep no goods/services nature: listed, never guessed
      errors.push({ contact_id: contactId, name, tax_id: taxId, country, key: keyOf(row.side, 'goods'), document_number: row.number, base: dec(row.base).toString(), reason: `Goods or services cannot be told for this ${row.documentType}: its kind does not say, or none of its lines explains the row` });
      continue;
    }
    const problem = problemOf(contactId, taxId, country);
    if (!problem) continue;
    const target = await targetOf(dates, row.documentType, row.rectifies?.id ?? null, row.accountingDate, periodicity);
    for (const part of partsOf(row.side, nature, listedOfRow(nature), target)) {
      errors.push({ contact_id: contactId, name, tax_id: taxId, country, key: part.key, document_number: row.number, base: part.base.toString(), reason: problem });
    }
  }
  return errors;
}

/**
 * What the return of `target` declared for an operator and key, as the register stands: the rows
 * of `target` itself and every rectification of it registered after it and before `current`.
 */
async function declaredBefore(tx: Tx, dates: IssueDates, target: TaxPeriod, current: TaxPeriod, contactId: string, key: Key349, vat: string): Promise<Decimal> {
  const groups = (await TaxRegisterNature.sums(tx, { from: target.from, to: dayBefore(current.from), contactId, ...INTRA_EU }, ['side', 'counterpartyTaxId', 'documentType', 'rectifiesId', 'month']))
    .filter((group) => String(group.key.counterpartyTaxId ?? '').toUpperCase() === vat);
  let total = Decimal.zero(2);
  for (const group of groups) {
    if (group.rows === group.unmapped) continue;
    const belongs = await targetOf(dates, String(group.key.documentType), (group.key.rectifiesId as string | null) ?? null, `${group.key.month}-01`, target.periodicity);
    for (const part of partsOf(group.key.side as 'issued' | 'received', group, listedOfGroup(group), belongs)) {
      if (part.key === key && samePeriod(part.target, target)) total = total.add(part.base).rescale(2);
    }
  }
  return total;
}
