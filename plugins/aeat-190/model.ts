import { Unprocessable } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { ContactService } from '../contacts/api';
import { BoxSheet, csvLines, dec, provinceOf, yearOfModel, type BoxDefinition, type ModelInput, type ModelResult, type RenderInput, type TaxModel } from '../tax-models/api';
import { DESIGNS_190, file190 } from './file';

/** The summary (the type 1 record's totals) of modelo 190; the perceptors are its lines (`details.lines`). */
export const BOXES_190: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de percepciones (perceptor, clave y subclave)', kind: 'count' },
  { number: '02', label: 'Importe total de las percepciones', kind: 'signed' },
  { number: '03', label: 'Importe total de las retenciones e ingresos a cuenta', kind: 'amount' },
];

/** One line of the 190: a perceptor, key and subkey, with the year's amounts. */
export interface Line190 {
  key: string;
  subkey: string;
  contact_id: string;
  tax_id: string | null;
  name: string;
  /** The first two digits of the contact's Spanish postal code; null when it has none (the file is then refused). */
  province: string | null;
  base: string;
  withholding: string;
}

/**
 * Key G (rendimientos de actividades económicas: actividades profesionales) and its subkey by the
 * withholding rate: 01 the general rate (15 %), 03 the reduced rate of the first years of activity
 * (7 %). Subkey 02 (7 % for recaudadores, mediadores de seguros, delegados comerciales) has the rate
 * of 03 and cannot be told from it by the register: it is not produced. Any other rate keeps 01.
 */
export const keyOfRate = (rate: string): { key: string; subkey: string } => ({ key: 'G', subkey: dec(rate).rescale(2).toString() === '7.00' ? '03' : '01' });

/** What the 190 reads of each 111: its recipients as the 111 publishes them in `details`. */
interface Recipient111 { contact_id: string; name: string; tax_id: string | null; rates: { rate: string; base: string; withholding: string }[] }

let findModel: (code: string) => TaxModel | undefined = () => undefined;
/** The plugin's `setup` hands over the lookup of contributed models (the 190 reads the 111's results through it, never its code). */
export const useModels = (find: (code: string) => TaxModel | undefined) => { findModel = find; };

/**
 * The year's perceptors of work and professional income, summed from the year's 111s (every period
 * as the company files them, read through the contract): one line per perceptor, key and subkey.
 * Its totals are the 111s' sums, checked in `details.check`.
 */
export async function compute190({ tx, period }: ModelInput): Promise<ModelResult> {
  const model111 = findModel('111');
  if (!model111) throw new Unprocessable('Modelo 190 sums the year\'s 111s: modelo 111 is not installed');
  const year111 = await yearOfModel(tx, model111, period.year);
  const lines = new Map<string, { key: string; subkey: string; contact_id: string; tax_id: string | null; name: string; base: Decimal; withholding: Decimal }>();
  const sums111 = { base: Decimal.zero(2), withholding: Decimal.zero(2) };
  // a year has few rates and many recipients: each rate's key is found once
  const keys = new Map<string, { key: string; subkey: string }>();
  for (const { result } of year111.periods) {
    // professionals and other economic activities (07–09); payroll (01–06) is not in the register
    sums111.base = sums111.base.add(dec(result.boxes['08'] ?? '0')).rescale(2);
    sums111.withholding = sums111.withholding.add(dec(result.boxes['28'] ?? '0')).rescale(2);
    for (const recipient of (result.details?.recipients ?? []) as Recipient111[]) {
      for (const part of recipient.rates) {
        let keyed = keys.get(part.rate);
        if (!keyed) keys.set(part.rate, keyed = keyOfRate(part.rate));
        const { key, subkey } = keyed;
        const id = `${recipient.tax_id?.toUpperCase() ?? recipient.contact_id}|${key}|${subkey}`;
        const line = lines.get(id) ?? { key, subkey, contact_id: recipient.contact_id, tax_id: recipient.tax_id?.toUpperCase() ?? null, name: recipient.name, base: Decimal.zero(2), withholding: Decimal.zero(2) };
        line.base = line.base.add(dec(part.base)).rescale(2);
        line.withholding = line.withholding.add(dec(part.withholding)).rescale(2);
        lines.set(id, line);
      }
    }
  }
  const kept = [...lines.values()].filter((l) => !l.base.isZero() || !l.withholding.isZero())
    .sort((a, b) => a.key.localeCompare(b.key) || a.subkey.localeCompare(b.subkey) || (a.tax_id ?? '').localeCompare(b.tax_id ?? ''));
  const postalCodes = await ContactService.postalCodes(tx, kept.map((line) => line.contact_id));
  const declared: Line190[] = kept.map((line) => ({ ...line, province: provinceOf(postalCodes.get(line.contact_id)), base: line.base.toString(), withholding: line.withholding.toString() }));
  const boxes = new BoxSheet().set('01', Decimal.of(BigInt(declared.length), 0));
  for (const line of declared) boxes.add('02', line.base).add('03', line.withholding);
  return {
    boxes: boxes.toRecord(BOXES_190), result: '0.00', declarationType: declared.length ? 'I' : 'N',
    details: {
      lines: declared,
      check: {
        periodicity_111: year111.periodicity,
        base_111: sums111.base.toString(), withholding_111: sums111.withholding.toString(),
        equal: sums111.base.eq(boxes.get('02')) && sums111.withholding.eq(boxes.get('03')),
      },
    },
  };
}

/** The 190's CSV: one row per perceptor, key and subkey. */
export function csv190({ result }: RenderInput): string {
  const lines = (result.details?.lines ?? []) as Line190[];
  return csvLines([
    ['clave', 'subclave', 'nif', 'nombre', 'provincia', 'percepciones', 'retenciones'],
    ...lines.map((l) => [l.key, l.subkey, l.tax_id ?? '', l.name, l.province ?? '', l.base, l.withholding]),
  ]);
}

export const MODEL_190: TaxModel = {
  code: '190',
  name: 'Resumen anual de retenciones e ingresos a cuenta del IRPF (rendimientos del trabajo, actividades económicas, premios)',
  periodicities: ['annual'],
  // from the 1st to the 31st of January of the next year
  dueDate: (period) => `${period.year + 1}-01-31`,
  designs: DESIGNS_190.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_190,
  compute: compute190,
  readsByStatements: true,
  detailsReads: ['contacts.read'],
  csv: csv190,
  file: file190,
};
