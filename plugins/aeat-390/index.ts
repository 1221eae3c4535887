import { definePlugin } from '../../kernel/plugin';
import { MODEL_390, useModels } from './model';

/** Modelo 390 (annual VAT summary): its boxes from the year's tax register, checked against the year's 303s read through `tax-models`, and its DR390 pre-declaration file. */
export default definePlugin({
  name: 'aeat-390',
  dependsOn: ['documents', 'tax-models'],
  contributes: { 'tax-models': [MODEL_390] },
  setup(kernel) {
    useModels((code) => kernel.contributions('tax-models').find((model) => model.code === code));
  },
});
