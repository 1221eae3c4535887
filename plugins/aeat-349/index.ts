import { t } from 'elysia';
import { definePlugin } from '../../kernel/plugin';
import { csvLines, type ModelOptions, type Periodicity, type RenderInput, type TaxModel } from '../tax-models/api';
import { DESIGN_349_2020 } from './design-2020';
import { file349 } from './file';
import { BOXES_349, compute349, type Error349, type Line349, type Rectification349 } from './model';

/** The 349's CSV: one row per line (the operator and key), then the rectifications, then the errors. */
export function csv349({ result }: RenderInput): string {
  const lines = (result.details?.lines ?? []) as Line349[];
  const rectifications = (result.details?.rectifications ?? []) as Rectification349[];
  const errors = (result.details?.errors ?? []) as Error349[];
  return csvLines([
    ['tipo', 'clave', 'nif_iva', 'nombre', 'base_imponible', 'ejercicio_rectificado', 'periodo_rectificado', 'base_anterior', 'error'],
    ...lines.map((l) => ['operacion', l.key, l.vat, l.name, l.base, '', '', '', '']),
    ...rectifications.map((r) => ['rectificacion', r.key, r.vat, r.name, r.rectified_base, String(r.year), r.period, r.previous_base, '']),
    ...errors.map((e) => ['error', e.key, e.tax_id ?? '', e.name, e.base, '', '', '', e.reason]),
  ]);
}

/** The company's choice for the 349 of a year (`GET`/`PUT /api/v1/aeat/349/options?year`). */
export const OPTIONS_349 = t.Object({
  monthly: t.Optional(t.Boolean({
    default: false,
    description: 'Files monthly that year: its intra-EU deliveries of goods and services exceeded 50,000 € in a quarter or one of the four before it (the summary\'s `details.periodicity` says when). The history then lists months',
  })),
});

export const periodicity349 = (options: ModelOptions): Periodicity => (options.monthly === true ? 'monthly' : 'quarterly');

export const MODEL_349: TaxModel = {
  code: '349',
  name: 'Declaración recapitulativa de operaciones intracomunitarias',
  // quarterly unless the deliveries exceed 50,000 € (details.periodicity says when)
  periodicities: ['quarterly', 'monthly'],
  designs: [{ from: DESIGN_349_2020.from, to: DESIGN_349_2020.to, version: DESIGN_349_2020.version }],
  boxes: BOXES_349,
  options: OPTIONS_349,
  periodicityOf: periodicity349,
  compute: compute349,
  detailsReads: ['contacts.read'],
  csv: csv349,
  file: file349,
};

/** Modelo 349 (intra-EU operations, quarterly or monthly) from the tax register's intra-EU rows: lines, rectifications, errors, CSV and the file. */
export default definePlugin({
  name: 'aeat-349',
  dependsOn: ['contacts', 'documents', 'invoices', 'purchases', 'taxes', 'tax-models'],
  contributes: { 'tax-models': [MODEL_349] },
});
