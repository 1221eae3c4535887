import { definePlugin } from '../../kernel/plugin';
import { MODEL_111 } from './model';

/** Modelo 111 (quarterly IRPF withholdings on the invoices of professionals and other activities), from the tax register. */
export default definePlugin({
  name: 'aeat-111',
  dependsOn: ['documents', 'ledger', 'tax-models'],
  contributes: { 'tax-models': [MODEL_111] },
});
