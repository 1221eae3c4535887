import { t } from 'elysia';
import type { ModelOptions } from '../tax-models/api';

/** The company's facts of a year that the register cannot give (`GET`/`PUT /api/v1/aeat/390/options?year`). */
export const OPTIONS_390 = t.Object({
  sii: t.Optional(t.Boolean({
    default: false,
    description: 'Keeps its VAT record books through the SII (Suministro Inmediato de Información) that year: exempt from the 390',
  })),
  exempting_activities_only: t.Optional(t.Boolean({
    default: false,
    description: 'Its only activities that year are renting urban property (IAE 861) and/or activities in the simplified VAT regime: a quarterly 303 filer so is exempt from the 390 and fills the annual boxes of its last 303 instead',
  })),
  main_activity: t.Optional(t.String({
    default: '', maxLength: 80,
    description: 'The main activity, as the 390\'s statistical data name it (its IAE epígrafe and description); empty when not given. Shown in the JSON; the service does not guess it',
  })),
  operations_347: t.Optional(t.Boolean({
    default: false,
    description: 'Made operations that year it must declare in the modelo 347 (its summary lists someone): the mark of the 390\'s statistical data (page 01). Not read from the 347 itself: computing a year\'s 347 reads every counterparty, too slow for every 390',
  })),
  main_activity_key: t.Optional(t.String({
    default: '', pattern: '^([A-Z][0-9]{2})?$',
    description: 'The main activity\'s key as the 390\'s statistical data code it (a letter and two digits, e.g. A01 for a business activity); the official file needs it',
  })),
  main_activity_iae: t.Optional(t.String({
    default: '', pattern: '^[0-9A-Z]{0,4}$',
    description: 'The IAE epígrafe of the main activity, digits only (e.g. 6151 for 615.1); the official file needs it',
  })),
});

export interface Options390 { sii: boolean; exempting_activities_only: boolean; main_activity: string; operations_347: boolean; main_activity_key: string; main_activity_iae: string }

export const options390 = (options: ModelOptions): Options390 => options as unknown as Options390;
