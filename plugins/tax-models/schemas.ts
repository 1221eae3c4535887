import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';

export const Year = t.Integer({ minimum: 2000, maximum: 2100, description: 'Tax year (ejercicio)' });
export const Quarter = t.Integer({ minimum: 1, maximum: 4, description: 'Quarter 1–4 (1T–4T)' });
export const Month = t.Integer({ minimum: 1, maximum: 12, description: 'Month 1–12, for monthly filers (large companies, monthly refund register REDEME)' });
export const PeriodicityParam = literalUnion(['monthly', 'quarterly', 'annual'] as const, { description: 'Periods of the history; default: the model\'s usual one' });

const TaxModelBox = t.Object({
  box: t.String({ description: 'Casilla as printed on the form ("01", "150")' }),
  label: t.String(),
  value: t.String({ description: 'Decimal string: money and percentages with two decimals, counts without' }),
});

const TaxModelPeriod = t.Object({
  year: t.Integer(),
  period: t.String({ description: "The tax agency's period code: 1T–4T, 01–12, 0A" }),
  periodicity: t.String(),
  from: t.String({ format: 'date' }),
  to: t.String({ format: 'date' }),
  design: t.Union([t.String(), t.Null()], { description: 'The record design in force for the period (null before the first one the model knows)' }),
  declaration_type: t.String({ description: 'I ingreso, N sin actividad o resultado cero, C a compensar, D a devolver; for an informative annual model (347, 390) I when it declares something, N when nothing, and `exempt` when the company need not file it (390)' }),
  result: t.String({ description: 'To pay (positive), to compensate or refund (negative)' }),
  boxes: t.Array(TaxModelBox),
  details: t.Optional(t.Record(t.String(), t.Unknown(), { description: 'Model-specific detail (the 111\'s recipients, the 347\'s counterparties: contacts\' names and tax ids; the last 303\'s and the 390\'s `prorrata` and `capital_goods`, the regularisation of each capital good of earlier years); absent when the caller may not read contacts (role or API-key scopes)' })),
});

export const TaxModelSummary = t.Object({
  model: t.String(),
  name: t.String(),
  year: t.Integer(),
  periodicity: t.String(),
  items: t.Array(TaxModelPeriod, { description: 'The periods of the year up to the current one, oldest first' }),
});

export const taxModelModels = { TaxModelSummary };
