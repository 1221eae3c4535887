import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import type { ModelOptions } from '../tax-models/api';

const text = (maxLength: number, description: string) => t.Optional(t.String({ maxLength, description }));

/**
 * A leased property as the 180's perceptor record names it. Cuadra's contacts and purchases hold
 * no cadastral data, so the company gives it here, per year, for each landlord (by tax id). A
 * landlord may lease several properties: then each of its properties names the purchases (rent
 * invoices) paid for it, and the 180 has one line per landlord and property.
 */
export const Property180 = t.Object({
  landlord_tax_id: t.String({ pattern: '^[0-9A-Z]{9}$', description: 'The landlord\'s Spanish tax id (NIF, nine characters, upper case), as on the landlord contact' }),
  situation: t.Integer({ minimum: 1, maximum: 4, description: '1 with a cadastral reference, anywhere in Spain except the Basque Country and Navarre; 2 with one, in the Basque Country; 3 with one, in Navarre; 4 without a cadastral reference' }),
  cadastral_reference: t.Optional(t.String({ pattern: '^[0-9A-Z]{20}$', description: 'The property\'s cadastral reference (20 characters); required for situations 1 to 3' })),
  street_type: text(5, 'Tipo de vía (CALLE, AVDA, PZA…)'),
  street_name: t.String({ minLength: 1, maxLength: 50, description: 'Name of the street' }),
  number_type: t.Optional(literalUnion(['NUM', 'KM.', 'S/N'] as const, { description: 'How the property is numbered: NUM (a number), KM. (a kilometre point), S/N (no number); NUM by default' })),
  number: t.Optional(t.Integer({ minimum: 0, maximum: 99999, description: 'House number (or kilometre point)' })),
  number_qualifier: text(3, 'Qualifier of the number (BIS, DUP…)'),
  block: text(3, 'Bloque'), portal: text(3, 'Portal'), stair: text(3, 'Escalera'), floor: text(3, 'Planta o piso'), door: text(3, 'Puerta'),
  complement: text(40, 'Anything else that locates the property'),
  locality: text(30, 'Locality, when it differs from the municipality'),
  municipality: t.String({ minLength: 1, maxLength: 30, description: 'Municipality' }),
  municipality_code: t.Optional(t.String({ pattern: '^\\d{5}$', description: 'The municipality\'s INE code (five digits); blank in the record when not given' })),
  postal_code: t.String({ pattern: '^\\d{5}$', description: 'Postal code: it gives the property\'s province code (its first two digits; from 2023, 53 for the Isla de La Palma, 38700–38799)' }),
  purchase_ids: t.Optional(t.Array(t.String({ format: 'uuid' }), {
    maxItems: 1000, uniqueItems: true,
    description: 'The purchases (rent invoices, by id) of the year paid for this property. Needed only when the landlord has several properties: a landlord\'s rent with one property is all that property\'s',
  })),
}, { additionalProperties: false });

/** The company's facts of a year that the register cannot give (`GET`/`PUT /api/v1/aeat/180/options?year`). */
export const OPTIONS_180 = t.Object({
  properties: t.Optional(t.Array(Property180, {
    default: [], maxItems: 1000,
    description: 'The leased properties of each landlord that year: the 180\'s official file has one record per landlord and property, and answers 422 naming the landlords without one (or, for a landlord with several, the rent invoices no property of it names)',
  })),
});

export type Property = typeof Property180.static;

export const properties180 = (options: ModelOptions): Property[] => ((options as { properties?: Property[] }).properties ?? []);
