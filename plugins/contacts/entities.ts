import { defineEntity, p } from '@mikro-orm/core';

/** A customer, a supplier, or both, of one tenant. */
export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    kind: p.string(),
    name: p.string(),
    legalName: p.string().nullable(),
    customerType: p.string(),
    vat: p.string().nullable(),
    /** The tax number passed its checksum (Spain, EU check digits); false when absent or uncheckable. */
    vatValid: p.boolean(),
    country: p.string().columnType('char(2)'),
    email: p.string().nullable(),
    phone: p.string().nullable(),
    address: p.string().nullable(),
    city: p.string().nullable(),
    postalCode: p.string().nullable(),
    province: p.string().nullable(),
    iban: p.string().nullable(),
    externalSource: p.string().nullable(),
    externalId: p.string().nullable(),
    paymentProcessorId: p.string().nullable(),
    notes: p.string().nullable(),
    /** Folded name: the sort key of lists and exports (byte order, same on every database). */
    nameKey: p.string(),
    /** Folded name, legal name, tax number and email, for accent-insensitive search. */
    searchText: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);
