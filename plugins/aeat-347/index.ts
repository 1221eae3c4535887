import { definePlugin } from '../../kernel/plugin';
import { MODEL_347 } from './model';

/** Modelo 347 (annual operations with third parties above 3,005.06 €), from the tax register: CSV and the tax agency's file. */
export default definePlugin({
  name: 'aeat-347',
  dependsOn: ['contacts', 'documents', 'tax-models'],
  contributes: { 'tax-models': [MODEL_347] },
});
