import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import type { ModelOptions, Periodicity } from '../tax-models/api';

/** The company's choices for the 303 of a year (`GET`/`PUT /api/v1/aeat/303/options?year`). */
export const OPTIONS_303 = t.Object({
  redeme: t.Optional(t.Boolean({
    default: false,
    description: 'Registered in the monthly refund register (REDEME, art. 30 RIVA) that year: a negative result is refunded (D) in any period, not carried; such companies file monthly (`month`)',
  })),
  monthly: t.Optional(t.Boolean({
    default: false,
    description: 'Files monthly that year: a large company (volume of operations above 6,010,121.04 € the year before) or in a VAT group; REDEME implies it. The history then lists months',
  })),
  last_period_negative: t.Optional(literalUnion(['refund', 'compensate'] as const, {
    default: 'refund',
    description: 'A negative result of the last period of the year (4T or 12): `refund` asks for it back with everything still to compensate (D); `compensate` carries it into the next year (C, box 110 of its first period)',
  })),
});

export interface Options303 { redeme: boolean; monthly: boolean; last_period_negative: 'refund' | 'compensate' }

export const options303 = (options: ModelOptions): Options303 => options as unknown as Options303;

/** Only a year that compensates its last period can leave something to the next one: a refund applies all that is pending. */
export const carriesOver303 = (options: ModelOptions): boolean => {
  const { redeme, last_period_negative } = options303(options);
  return !redeme && last_period_negative === 'compensate';
};

/** REDEME and large companies file monthly. */
export const periodicity303 = (options: ModelOptions): Periodicity => {
  const { redeme, monthly } = options303(options);
  return redeme || monthly ? 'monthly' : 'quarterly';
};
