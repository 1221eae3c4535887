/**
 * A labelled corpus of purchase invoices in eight layout families (classic, table, mixed rates,
 * professional with IRPF, recargo de equivalencia, EU supplier, ticket, date in words), five of each:
 * the printed lines and the fields a reader must find.
 */
import { extractPurchase, type Extraction } from '../../../plugins/purchase-ingestion/extract';
import type { ReadResult } from '../../../plugins/purchase-ingestion/reader';

export interface Expected {
  supplier_tax_id: string;
  supplier_name: string;
  invoice_number: string | null;
  issue_date: string;
  subtotal: string;
  total: string;
  vat: [rate: string, base: string, amount: string][];
  surcharge: [rate: string, base: string, amount: string][];
  withholding: [rate: string, base: string, amount: string][];
}
/** `id`: family and number within it ("classic-0"), the name of its files under test/fixtures/purchases/. */
export interface Sample { id: string; family: string; lines: string[]; expected: Expected }

const OWN = 'B12345674';
const cents = (value: number) => Math.round(value * 100);
const dot = (c: number) => `${Math.trunc(c / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
/** 123456 → "1.234,56" */
const es = (c: number) => `${Math.trunc(c / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(c) % 100).padStart(2, '0')}`;
const pct = (rate: number) => `${rate.toFixed(2)}`;
const quota = (base: number, rate: number) => Math.round((base * rate) / 100);
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const SUPPLIERS = [
  ['Suministros Levante S.L.', 'A58818501'], ['Papelería Central S.A.', 'B65410011'], ['Transportes Ebro SL', 'A28017895'],
  ['Limpiezas Norte S.L.U.', 'B86561412'], ['Talleres Martín S.L.', 'A58818501'],
] as const;

function sample(family: string, i: number): Sample {
  return { id: `${family}-${i}`, ...printed(family, i) };
}

function printed(family: string, i: number): Omit<Sample, 'id'> {
  const [name, cif] = SUPPLIERS[i];
  const day = 3 + i * 5;
  const month = 1 + ((i * 3) % 12);
  const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const dmy = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2026`;
  const base = cents(137.5 + i * 1234.37);
  const customer = [`Cliente: Compradora Test SL`, `NIF: ${OWN}`];
  const v = (rate: number, b = base): [string, string, string] => [pct(rate), dot(b), dot(quota(b, rate))];
  switch (family) {
    case 'classic': {
      const q = quota(base, 21);
      return { family, lines: [name, `CIF: ${cif}`, 'Calle Mayor 3, 46001 Valencia', ...customer, `Factura nº F-2026/${100 + i}`, `Fecha: ${dmy}`, 'Concepto: suministros varios',
        `Base imponible ${es(base)} €`, `IVA 21% ${es(q)} €`, `TOTAL ${es(base + q)} €`],
      expected: { supplier_tax_id: cif, supplier_name: name, invoice_number: `F-2026/${100 + i}`, issue_date: date, subtotal: dot(base), total: dot(base + q), vat: [v(21)], surcharge: [], withholding: [] } };
    }
    case 'table': {
      const q = quota(base, 10);
      const dmyDash = `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-26`;
      return { family, lines: ['FACTURA', `${name} · CIF ${cif}`, ...customer, `Número: T${2000 + i}    Fecha de emisión: ${dmyDash}`, 'Descripción      Cantidad      Importe',
        `Servicio de transporte      1      ${es(base)}`, 'Base imponible      Tipo IVA      Cuota', `Base imponible ${es(base)}      IVA 10%      ${es(q)}`, `Total factura ${es(base + q)}`],
      expected: { supplier_tax_id: cif, supplier_name: name, invoice_number: `T${2000 + i}`, issue_date: date, subtotal: dot(base), total: dot(base + q), vat: [v(10)], surcharge: [], withholding: [] } };
    }
    case 'mixed': {
      const b2 = cents(45.1 + i * 10);
      const q1 = quota(base, 21); const q2 = quota(b2, 10);
      return { family, lines: [name, `C.I.F. ${cif}`, ...customer, `Factura ${2026}-${500 + i}`, `Fecha factura ${dmy}`,
        `Base imponible ${es(base + b2)}`, `IVA 21% sobre ${es(base)} ${es(q1)}`, `IVA 10% sobre ${es(b2)} ${es(q2)}`, `Total a pagar ${es(base + b2 + q1 + q2)}`],
      expected: { supplier_tax_id: cif, supplier_name: name, invoice_number: `2026-${500 + i}`, issue_date: date, subtotal: dot(base + b2), total: dot(base + b2 + q1 + q2), vat: [v(21), v(10, b2)], surcharge: [], withholding: [] } };
    }
    case 'professional': {
      const q = quota(base, 21); const w = quota(base, 15);
      const pro = ['Laura Gómez Ruiz', '12345678Z'] as const;
      return { family, lines: [`Abogada · ${pro[0]}`, `NIF ${pro[1]}`, ...customer, `Minuta / Factura nº ${i + 1}/2026`, `Fecha: ${dmy}`,
        `Honorarios profesionales ${es(base)}`, `Base imponible ${es(base)}`, `IVA 21% ${es(q)}`, `Retención IRPF 15% -${es(w)}`, `TOTAL ${es(base + q - w)}`],
      expected: { supplier_tax_id: pro[1], supplier_name: `Abogada · ${pro[0]}`, invoice_number: `${i + 1}/2026`, issue_date: date, subtotal: dot(base), total: dot(base + q - w), vat: [v(21)], surcharge: [], withholding: [[pct(15), dot(base), dot(w)]] } };
    }
    case 'surcharge': {
      const q = quota(base, 21); const r = quota(base, 5.2);
      return { family, lines: [name, `CIF ${cif}`, ...customer, `FACTURA Nº R-${300 + i}`, `Fecha ${dmy}`, `Base imponible ${es(base)}`, `IVA 21% ${es(base)} ${es(q)}`,
        `Recargo de equivalencia 5,2% ${es(base)} ${es(r)}`, `TOTAL FACTURA ${es(base + q + r)}`],
      expected: { supplier_tax_id: cif, supplier_name: name, invoice_number: `R-${300 + i}`, issue_date: date, subtotal: dot(base), total: dot(base + q + r), vat: [v(21)], surcharge: [[pct(5.2), dot(base), dot(r)]], withholding: [] } };
    }
    case 'eu': {
      return { family, lines: ['Maschinenbau Weber GmbH', 'VAT DE136695976', 'Bill to: Compradora Test SL', `VAT ES${OWN}`, `Invoice No. INV-${7000 + i}`, `Date: ${date}`,
        `Net amount ${dot(base)} EUR`, 'Reverse charge: VAT to be accounted for by the recipient', `Total ${dot(base)} EUR`],
      expected: { supplier_tax_id: 'DE136695976', supplier_name: 'Maschinenbau Weber GmbH', invoice_number: `INV-${7000 + i}`, issue_date: date, subtotal: dot(base), total: dot(base), vat: [], surcharge: [], withholding: [] } };
    }
    case 'ticket': {
      const small = cents(4.55 + i * 3.1);
      const q = quota(small, 10);
      return { family, lines: [name.toUpperCase(), `NIF: ${cif}`, `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.2026 13:45`, '2 x Menú del día', `Base ${es(small)}`, `IVA 10% ${es(q)}`, `TOTAL ${es(small + q)} EUR`, 'Gracias por su visita'],
      expected: { supplier_tax_id: cif, supplier_name: name.toUpperCase(), invoice_number: null, issue_date: date, subtotal: dot(small), total: dot(small + q), vat: [v(10, small)], surcharge: [], withholding: [] } };
    }
    default: {
      const q = quota(base, 4);
      return { family, lines: [name, `N.I.F.: ${cif}`, ...customer, `Valencia, ${day} de ${MONTHS[month - 1]} de 2026`, `Fra. nº 2026-${70 + i}`, 'Libros de texto',
        `Base imponible: ${es(base)}`, `I.V.A. 4%: ${es(q)}`, `Importe total: ${es(base + q)}`],
      expected: { supplier_tax_id: cif, supplier_name: name, invoice_number: `2026-${70 + i}`, issue_date: date, subtotal: dot(base), total: dot(base + q), vat: [v(4)], surcharge: [], withholding: [] } };
    }
  }
}

export const FAMILIES = ['classic', 'table', 'mixed', 'professional', 'surcharge', 'eu', 'ticket', 'words'] as const;
export const CORPUS: Sample[] = FAMILIES.flatMap((family) => [0, 1, 2, 3, 4].map((i) => sample(family, i)));
export const OWN_TAX_ID = OWN;

export const taxLines = (items: Extraction['vat']) => items.map((l) => [l.rate, l.base, l.amount]);

/** Each field of a reading: right or not. */
export function fieldScores(read: Extraction, expected: Expected): [field: string, ok: boolean][] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return [
    ['supplier_tax_id', read.supplier_tax_id.value === expected.supplier_tax_id],
    ['supplier_name', read.supplier_name.value === expected.supplier_name],
    ['invoice_number', read.invoice_number.value === expected.invoice_number],
    ['issue_date', read.issue_date.value === expected.issue_date],
    ['subtotal', read.subtotal.value === expected.subtotal],
    ['total', read.total.value === expected.total],
    ['vat', same(taxLines(read.vat), expected.vat)],
    ['surcharge', same(taxLines(read.surcharge), expected.surcharge)],
    ['withholding', same(taxLines(read.withholding), expected.withholding)],
  ];
}

export interface AccuracyReport { right: number; all: number; accuracy: number; misses: string[]; sources: string[] }

/**
 * Reads each sample (as `read` makes and reads its file, one at a time) and scores every field against
 * the label; `misses` names each wrong field (and each failed cross-check), `sources` how each page was read.
 */
export async function measureAccuracy<S extends Sample>(samples: S[], read: (sample: S) => Promise<ReadResult>): Promise<AccuracyReport> {
  const report: AccuracyReport = { right: 0, all: 0, accuracy: 0, misses: [], sources: [] };
  for (const sample of samples) {
    const result = await read(sample);
    report.sources.push(...result.report.map((p) => p.source));
    const extraction = extractPurchase(result.pages, [OWN]);
    for (const [field, ok] of fieldScores(extraction, sample.expected)) {
      report.all++;
      if (ok) report.right++;
      else {
        const got = (extraction as any)[field];
        report.misses.push(`${sample.id} ${field}: ${JSON.stringify(Array.isArray(got) ? taxLines(got) : got.value)}`);
      }
    }
    if (!extraction.cross_check.passed) report.misses.push(`${sample.id} cross-check`);
  }
  report.accuracy = report.right / report.all;
  return report;
}

/** "name: 139/144 fields right (96.5%); misses: …" */
export const describeAccuracy = (name: string, r: AccuracyReport) =>
  `${name}: ${r.right}/${r.all} fields right (${(r.accuracy * 100).toFixed(1)}%)${r.misses.length ? `; misses: ${r.misses.join('; ')}` : ''}`;
