import { definePlugin } from '../../kernel/plugin';
import { MODEL_190, useModels } from './model';

/** Modelo 190 (annual summary of IRPF withholdings on work and professional income): the year's 111s by perceptor, key and subkey, CSV and the tax agency's file. */
export default definePlugin({
  name: 'aeat-190',
  dependsOn: ['contacts', 'tax-models'],
  contributes: { 'tax-models': [MODEL_190] },
  setup(kernel) {
    useModels((code) => kernel.contributions('tax-models').find((model) => model.code === code));
  },
});
