import { Conflict } from '../../kernel/errors';
import type { Party } from '../documents/api';
import { REASON_CODE_LIST, RESPONSE_CODE_LIST } from './rules';

/**
 * A status as a UBL 2.1 ApplicationResponse in the shape of Peppol's Invoice Response
 * (transaction 3.x, `urn:fdc:peppol.eu:poacc:trns:invoice_response:3`): who answers whom, the
 * invoice it answers (number and issue date), the response code of UNCL 4343's Peppol subset,
 * the status date, and for a rejection its clarification (OpenPeppol reason code and text).
 * Pure: the service hands it parties and dates. The schema of what it writes is
 * xsd/ApplicationResponse-2.cuadra.xsd.
 */

export const CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3';
export const PROFILE_ID = 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

/**
 * Electronic Address Scheme (EAS) of a party's VAT number, by country: 9920 is the Spanish tax
 * agency's scheme; the others are the EU VAT number schemes of the EAS list.
 */
const VAT_SCHEMES: Record<string, string> = {
  ES: '9920', AT: '9914', BE: '9925', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', GR: '9933', EL: '9933', HR: '9934',
  IE: '9935', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947', SI: '9949', SK: '9950',
  SE: '9955', FR: '9957', HU: '9910', IT: '9906',
};

/** The party's electronic address: its VAT number (with its country prefix) under its country's scheme; null when it has none. */
export function endpointOf(party: Party): { scheme: string; id: string } | null {
  const country = (party.country || 'ES').toUpperCase();
  const scheme = VAT_SCHEMES[country];
  const raw = (party.tax_id ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!scheme || !raw) return null;
  const prefix = country === 'GR' ? 'EL' : country;
  return { scheme, id: raw.startsWith(prefix) ? raw : `${prefix}${raw}` };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const nameOf = (party: Party) => (party.legal_name || party.name).trim();

function partyXml(element: string, party: Party): string {
  const endpoint = endpointOf(party);
  if (!endpoint) throw new Conflict(`${nameOf(party)} has no VAT number of a country with an electronic address scheme: the message cannot address it`);
  return [
    `  <cac:${element}>`,
    `    <cbc:EndpointID schemeID="${endpoint.scheme}">${escape(endpoint.id)}</cbc:EndpointID>`,
    '    <cac:PartyLegalEntity>',
    `      <cbc:RegistrationName>${escape(nameOf(party))}</cbc:RegistrationName>`,
    '    </cac:PartyLegalEntity>',
    `  </cac:${element}>`,
  ].join('\n');
}

/** A party of the referenced invoice (seller or buyer): its name, and its VAT number when known. */
function documentPartyXml(element: string, party: Party): string {
  const endpoint = endpointOf(party);
  return [
    `    <cac:${element}>`,
    ...(endpoint ? [`      <cac:PartyIdentification>`, `        <cbc:ID schemeID="${endpoint.scheme}">${escape(endpoint.id)}</cbc:ID>`, `      </cac:PartyIdentification>`] : []),
    '      <cac:PartyName>',
    `        <cbc:Name>${escape(nameOf(party))}</cbc:Name>`,
    '      </cac:PartyName>',
    `    </cac:${element}>`,
  ].join('\n');
}

export interface StatusMessage {
  /** The message's id (the history event's). */
  id: string;
  issueDate: string;
  /** Who sends the answer (the invoice's buyer) and who gets it (the seller). */
  sender: Party;
  receiver: Party;
  seller: Party;
  buyer: Party;
  code: 'AB' | 'AP' | 'RE' | 'PD' | 'IP' | 'UQ' | 'CA';
  effectiveDate: string;
  reasonCode: string | null;
  reason: string | null;
  invoice: { number: string; issueDate: string; creditNote: boolean };
}

export function applicationResponseXml(message: StatusMessage): string {
  const status = message.reasonCode || message.reason
    ? [
      '      <cac:Status>',
      ...(message.reasonCode ? [`        <cbc:StatusReasonCode listID="${REASON_CODE_LIST}">${escape(message.reasonCode)}</cbc:StatusReasonCode>`] : []),
      ...(message.reason ? [`        <cbc:StatusReason>${escape(message.reason)}</cbc:StatusReason>`] : []),
      '      </cac:Status>',
    ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"',
    '  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    '  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    `  <cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `  <cbc:ProfileID>${PROFILE_ID}</cbc:ProfileID>`,
    `  <cbc:ID>${escape(message.id)}</cbc:ID>`,
    `  <cbc:IssueDate>${message.issueDate}</cbc:IssueDate>`,
    partyXml('SenderParty', message.sender),
    partyXml('ReceiverParty', message.receiver),
    '  <cac:DocumentResponse>',
    '    <cac:Response>',
    `      <cbc:ResponseCode listID="${RESPONSE_CODE_LIST}">${message.code}</cbc:ResponseCode>`,
    `      <cbc:EffectiveDate>${message.effectiveDate}</cbc:EffectiveDate>`,
    ...status,
    '    </cac:Response>',
    '    <cac:DocumentReference>',
    `      <cbc:ID>${escape(message.invoice.number)}</cbc:ID>`,
    `      <cbc:IssueDate>${message.invoice.issueDate}</cbc:IssueDate>`,
    `      <cbc:DocumentTypeCode listID="UNCL1001">${message.invoice.creditNote ? '381' : '380'}</cbc:DocumentTypeCode>`,
    '    </cac:DocumentReference>',
    documentPartyXml('IssuerParty', message.seller),
    documentPartyXml('RecipientParty', message.buyer),
    '  </cac:DocumentResponse>',
    '</ApplicationResponse>',
    '',
  ].join('\n');
}
