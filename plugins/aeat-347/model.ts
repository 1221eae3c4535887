import { Decimal } from '../../kernel/money';
import type { TaxRegisterSum } from '../documents/api';
import { ContactService } from '../contacts/api';
import { DESIGNS_347, file347 } from './file';
import { BoxSheet, csvLines, dec, provinceOf, type BoxDefinition, type ModelInput, type ModelResult, type RenderInput, type TaxModel } from '../tax-models/api';

/** The summary boxes of modelo 347 (declaración anual de operaciones con terceras personas). */
export const BOXES_347: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de personas y entidades', kind: 'count' },
  { number: '02', label: 'Importe total anual de las operaciones', kind: 'signed' },
  { number: '03', label: 'Número total de inmuebles', kind: 'count' },
  { number: '04', label: 'Importe total de las operaciones de arrendamiento de locales de negocio', kind: 'amount' },
];

/** Declared only above 3,005.06 € a year with one counterparty, sales and purchases apart. */
export const THRESHOLD_347 = Decimal.parse('3005.06');

/** Sales that are not declared: intra-EU supplies (349), exports, sales located abroad or under the one-stop shop. */
const EXCLUDED_SALES = new Set(['intra_eu', 'export', 'not_subject', 'oss']);
/** Purchases that are not declared: imports (customs) and intra-EU acquisitions (349). */
const EXCLUDED_PURCHASES = new Set(['import', 'intra_eu_acquisition']);

export interface Counterparty347 {
  /** A: acquisitions from the counterparty (purchases); B: supplies to it (sales). */
  key: 'A' | 'B';
  contact_id: string;
  tax_id: string;
  name: string;
  amount: string;
  quarters: [string, string, string, string];
  /** The part of `amount` (and of each quarter) under reverse charge (inversión del sujeto pasivo): the file declares it in a record of its own. */
  reverse_charge: { amount: string; quarters: [string, string, string, string] } | null;
  /** The province (the first two digits of the contact's Spanish postal code) the file needs; null when the contact has none. */
  province: string | null;
}

const GROUPED_BY = ['side', 'kind', 'regime', 'counterpartyTaxId', 'counterpartyCountry', 'counterpartyName', 'contactId', 'month'] as const;

/**
 * The operations of a group, VAT included: base, VAT charged and recargo; a reverse-charge purchase
 * carries no VAT on the supplier's invoice, so only its base counts.
 */
const amountOf = (sum: TaxRegisterSum): Decimal =>
  dec(sum.base).add(dec(sum.surcharge)).add(sum.key.side === 'received' && sum.key.regime === 'reverse_charge' ? Decimal.zero(2) : dec(sum.quota)).rescale(2);

function declarable(sum: TaxRegisterSum): boolean {
  const { side, kind, regime, counterpartyTaxId, counterpartyCountry } = sum.key;
  if (!counterpartyTaxId || counterpartyCountry !== 'ES') return false; // no Spanish tax id, nothing to declare it under
  return side === 'issued' ? !EXCLUDED_SALES.has(String(regime)) : !EXCLUDED_PURCHASES.has(String(kind)) && !(kind === 'rectification' && ['import', 'intra_eu'].includes(String(regime)));
}

const zeros = () => [0, 1, 2, 3].map(() => Decimal.zero(2));

export async function compute347({ tx, sums }: ModelInput): Promise<ModelResult> {
  const totals = new Map<string, { key: 'A' | 'B'; contact_id: string; tax_id: string; name: string; quarters: Decimal[]; reverseCharge: Decimal[] }>();
  // operations with IRPF withheld go to the withholding summaries (190, 180), not here
  for (const sum of await sums(GROUPED_BY, { withheld: false })) {
    if (!declarable(sum)) continue;
    const key = sum.key.side === 'issued' ? 'B' : 'A';
    const taxId = String(sum.key.counterpartyTaxId).toUpperCase();
    const id = `${key}|${taxId}`;
    const entry = totals.get(id) ?? { key, contact_id: String(sum.key.contactId), tax_id: taxId, name: String(sum.key.counterpartyName), quarters: zeros(), reverseCharge: zeros() };
    const quarter = Math.floor((Number(String(sum.key.month).slice(5, 7)) - 1) / 3);
    entry.quarters[quarter] = entry.quarters[quarter].add(amountOf(sum)).rescale(2);
    if (sum.key.regime === 'reverse_charge') entry.reverseCharge[quarter] = entry.reverseCharge[quarter].add(amountOf(sum)).rescale(2);
    totals.set(id, entry);
  }
  const sumOf = (quarters: Decimal[]) => quarters.reduce((a, b) => a.add(b), Decimal.zero(2));
  const declared = [...totals.values()]
    .map((t) => ({ ...t, amount: sumOf(t.quarters) }))
    .filter((t) => t.amount.compare(THRESHOLD_347) > 0)
    .sort((a, b) => a.key.localeCompare(b.key) || a.tax_id.localeCompare(b.tax_id));
  const postalCodes = await ContactService.postalCodes(tx, declared.map((t) => t.contact_id));
  const counterparties: Counterparty347[] = [];
  for (const t of declared) {
    const reverseCharge = t.reverseCharge.some((q) => !q.isZero()) ? { amount: sumOf(t.reverseCharge).toString(), quarters: t.reverseCharge.map(String) as Counterparty347['quarters'] } : null;
    counterparties.push({
      key: t.key, contact_id: t.contact_id, tax_id: t.tax_id, name: t.name, amount: t.amount.toString(), quarters: t.quarters.map(String) as Counterparty347['quarters'],
      reverse_charge: reverseCharge, province: provinceOf(postalCodes.get(t.contact_id)),
    });
  }
  const boxes = new BoxSheet();
  boxes.set('01', Decimal.of(BigInt(counterparties.length), 0));
  for (const c of counterparties) boxes.add('02', c.amount);
  return { boxes: boxes.toRecord(BOXES_347), result: '0.00', declarationType: counterparties.length ? 'I' : 'N', details: { threshold: THRESHOLD_347.toString(), counterparties } };
}

/** The 347's CSV: one row per declared counterparty and key, with the annual amount and its quarters. */
export function csv347({ result }: RenderInput): string {
  const counterparties = (result.details?.counterparties ?? []) as Counterparty347[];
  return csvLines([
    ['clave', 'nif', 'nombre', 'importe_anual', 'importe_1T', 'importe_2T', 'importe_3T', 'importe_4T'],
    ...counterparties.map((c) => [c.key, c.tax_id, c.name, c.amount, ...c.quarters]),
  ]);
}

export const MODEL_347: TaxModel = {
  code: '347',
  name: 'Declaración anual de operaciones con terceras personas',
  periodicities: ['annual'],
  // filed in February of the next year
  dueDate: (period) => new Date(Date.UTC(period.year + 1, 2, 0)).toISOString().slice(0, 10),
  designs: DESIGNS_347.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_347,
  compute: compute347,
  detailsReads: ['contacts.read'],
  csv: csv347,
  file: file347,
};
