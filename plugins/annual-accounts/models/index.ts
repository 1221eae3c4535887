import { ABREVIADO } from './abreviado';
import { NORMAL } from './normal';
import { PYMES } from './pymes';
import type { ModelDef, ModelKey } from './types';

export * from './types';

/** The models: PYMES, abreviado and normal (docs/domain/annual-accounts.md). */
export const MODELS: Partial<Record<ModelKey, ModelDef>> = { pymes: PYMES, abreviado: ABREVIADO, normal: NORMAL };
