import { definePlugin } from '../../kernel/plugin';
import { MODEL_130 } from './model';

/** Modelo 130 (quarterly IRPF payment on account of an autónomo in estimación directa), from the ledger's groups 6 and 7 and the withholdings of the sales invoices. */
export default definePlugin({
  name: 'aeat-130',
  dependsOn: ['documents', 'ledger', 'tax-models'],
  contributes: { 'tax-models': [MODEL_130] },
});
