import { defineEntity, p } from '@mikro-orm/core';

/** A public administration's DIR3 codes, as stored and answered. */
export interface AdministrativeCentresRow {
  accounting_office: string;
  managing_body: string;
  processing_unit: string;
  proposing_body: string | null;
}

/** A customer or a supplier of one tenant (or both: `customerAndSupplier`). */
export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    kind: p.text(),
    /** Also acts as the other kind: a customer the company also buys from, or the reverse. */
    customerAndSupplier: p.boolean(),
    name: p.text(),
    legalName: p.text().nullable(),
    customerType: p.text(),
    vat: p.text().nullable(),
    /** The tax number passed its checksum (Spain, EU check digits); false when absent or uncheckable. */
    vatValid: p.boolean(),
    country: p.string().columnType('char(2)'),
    email: p.text().nullable(),
    phone: p.text().nullable(),
    address: p.text().nullable(),
    city: p.text().nullable(),
    postalCode: p.text().nullable(),
    province: p.text().nullable(),
    iban: p.text().nullable(),
    /** The bank's BIC of the IBAN, when a SEPA file needs it (transfers outside the EEA, some banks). */
    bic: p.text().nullable(),
    externalSource: p.text().nullable(),
    externalId: p.text().nullable(),
    paymentProcessorId: p.text().nullable(),
    notes: p.text().nullable(),
    /** A Spanish public administration: invoiced through FACe, with its DIR3 codes. */
    publicAdministration: p.boolean(),
    /** Its DIR3 codes (oficina contable, órgano gestor, unidad tramitadora, órgano proponente). */
    administrativeCentres: p.json<AdministrativeCentresRow>().nullable(),
    /** Folded name: the sort key of lists and exports (byte order, same on every database). */
    nameKey: p.text().collation('C'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);
