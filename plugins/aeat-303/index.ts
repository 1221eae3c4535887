import { definePlugin } from '../../kernel/plugin';
import { standardDueDate, type TaxModel } from '../tax-models/api';
import { BOXES_303 } from './boxes';
import { compute303 } from './compute';
import { DESIGN_2024, DESIGN_2026, dr303 } from './file';
import { carriesOver303, OPTIONS_303, periodicity303 } from './options';
import { settlement303 } from './settlement';

export const MODEL_303: TaxModel = {
  code: '303',
  name: 'IVA, autoliquidación',
  periodicities: ['quarterly', 'monthly'],
  designs: [{ from: '2024-09-01', version: DESIGN_2024 }, { from: '2026-01-01', version: DESIGN_2026 }],
  boxes: BOXES_303,
  chained: true,
  options: OPTIONS_303,
  carriesOver: carriesOver303,
  periodicityOf: periodicity303,
  // the last quarter or month of the year is filed until the 30th of January
  dueDate: (period) => (period.last ? `${period.year + 1}-01-30` : standardDueDate(period)),
  compute: compute303,
  readsProrrata: true,
  sumsOnly: true,
  file: dr303,
  settlement: settlement303,
};

/** Modelo 303 (quarterly VAT return): its boxes from the tax register, CSV, history and the DR303 import file. */
export default definePlugin({
  name: 'aeat-303',
  dependsOn: ['documents', 'ledger', 'tax-models'],
  contributes: { 'tax-models': [MODEL_303] },
});
