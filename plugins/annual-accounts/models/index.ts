import { ABREVIADO } from './abreviado';
import { PYMES } from './pymes';
import type { ModelDef, ModelKey } from './types';

export * from './types';

/** The models available: PYMES and abreviado. The normal model is not written down yet (docs/domain/annual-accounts.md). */
export const MODELS: Partial<Record<ModelKey, ModelDef>> = { pymes: PYMES, abreviado: ABREVIADO };
