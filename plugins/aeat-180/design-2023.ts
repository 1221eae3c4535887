/**
 * Modelo 180's record design from the 2023 tax year: Orden HAP/1732/2014 as Orden HFP/1284/2023
 * (BOE-A-2023-24412) left it, the tax agency's "Modelo 180. Diseños de registro, ejercicio 2023"
 * (DR_Mod_180_2023), still the one it publishes for 2024–2026. Every position is the 2014 design's;
 * the only change is the list of provinces of the landlord's (76–77) and the property's (321–322)
 * province code, which names the Isla de La Palma, 53, apart from Santa Cruz de Tenerife, 38.
 */
import { provinceOrLaPalmaOf } from '../tax-models/api';
import { DESIGN_180_2014, type Design180 } from './design-2014';

export const DESIGN_180_2023: Design180 = {
  ...DESIGN_180_2014,
  version: '180 (Orden HAP/1732/2014, HFP/1284/2023)',
  from: '2023-01-01',
  // the last tax year Cuadra has checked the design for; 2027 waits for the next check
  to: '2026-12-31',
  provinceOf: provinceOrLaPalmaOf,
};
