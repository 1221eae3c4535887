import { definePlugin } from '../../kernel/plugin';
import { MODEL_115 } from './model';

/** Modelo 115 (quarterly withholdings on the rents of urban premises), from the tax register's received documents withheld at the rent rate. */
export default definePlugin({
  name: 'aeat-115',
  dependsOn: ['documents', 'tax-models'],
  contributes: { 'tax-models': [MODEL_115] },
});
