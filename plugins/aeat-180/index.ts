import { definePlugin } from '../../kernel/plugin';
import { MODEL_180 } from './model';

/** Modelo 180 (the year's summary of the 115: one line per landlord), from the tax register through aeat-115's rule. */
export default definePlugin({
  name: 'aeat-180',
  dependsOn: ['documents', 'contacts', 'tax-models', 'aeat-115'],
  contributes: { 'tax-models': [MODEL_180] },
});
