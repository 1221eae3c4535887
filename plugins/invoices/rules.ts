import { ValidationFailed, type FieldError } from '../../kernel/errors';
import { blankToNull, checkHeaderDates, type ContactFacts, type DraftHeader, type Party, type RectificationGround, type TaxTypeInfo } from '../documents/api';
import { DEFAULT_SERIES, RECTIFYING_SERIES } from './kind';
import { missingPartyData } from './legal-content';
import type { InvoiceInput, InvoiceRecord } from './types';

/** Rules checked when an invoice is issued (art. 6.1 RD 1619/2012 and the tax types' own). */
export function checkIssuable(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party): void {
  const regimes = new Set(record.lines.map((line) => types.get(line.taxTypeId)?.regime));
  const errors: FieldError[] = missingPartyData(issuer, contact, regimes, { total: record.total, rectifying: !!record.rectifiesId });
  if (contact.publicAdministration && !contact.administrativeCentres) {
    errors.push({
      loc: ['body', 'contact_id'],
      msg: `${contact.name} is a public administration: its invoices go through FACe and carry its DIR3 codes (oficina contable, órgano gestor, unidad tramitadora); add them to the contact as administrative_centres`,
      type: 'value_error.dir3_missing',
    });
  }
  if (!record.rectifiesId && record.total.isNegative()) {
    errors.push({ loc: ['body', 'lines'], msg: 'An invoice cannot have a negative total: correct an issued invoice with POST /invoices/{id}/rectify', type: 'value_error.negative_total' });
  }
  const seen = new Set<string>();
  for (const line of record.lines) {
    const type = types.get(line.taxTypeId);
    if (!type || seen.has(type.id)) continue;
    seen.add(type.id);
    if ((type.regime === 'intra_eu' || type.regime === 'reverse_charge') && !contact.vat) {
      errors.push({ loc: ['body', 'contact_id'], msg: `${type.code}: the customer's tax number is mandatory on this invoice (art. 6.1.d RD 1619/2012); add it to ${contact.name}`, type: 'value_error.customer_tax_id' });
    }
    if (type.regime === 'oss' && type.country && type.country !== contact.country) {
      errors.push({ loc: ['body', 'contact_id'], msg: `${type.code} is the OSS rate of ${type.country}, but ${contact.name} is in ${contact.country}`, type: 'value_error.oss_country' });
    }
  }
  if (errors.length) throw new ValidationFailed(errors);
}

/** The header of a new invoice, checked (series R is reserved, dates valid and in order). */
export function checkedHeader(input: InvoiceInput): DraftHeader & { rectificationGround: RectificationGround | null } {
  const series = input.series ?? DEFAULT_SERIES;
  if (series === RECTIFYING_SERIES) throw ValidationFailed.field(['body', 'series'], `Series ${RECTIFYING_SERIES} is reserved for rectifying invoices: use POST /invoices/{id}/rectify`, 'value_error.series_reserved');
  const dueDate = input.due_date ?? null;
  checkHeaderDates(input, input.issue_date, dueDate);
  return {
    id: crypto.randomUUID(), series, contactId: input.contact_id, issueDate: input.issue_date, dueDate, operationDate: input.operation_date ?? null,
    notes: blankToNull(input.notes), rectifiesId: null, rectificationMode: null, rectificationReason: null, rectificationGround: null,
  };
}
