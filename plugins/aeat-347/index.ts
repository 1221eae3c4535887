import { definePlugin } from '../../kernel/plugin';
import { MODEL_347 } from './model';

/** Modelo 347 (annual operations with third parties above 3,005.06 €), from the tax register. */
export default definePlugin({
  name: 'aeat-347',
  dependsOn: ['documents', 'tax-models'],
  contributes: { 'tax-models': [MODEL_347] },
});
