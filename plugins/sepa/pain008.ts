import { sepaText } from './sepa-text';
import { agent, element, ibanAccount, initiatingParty, partyName, sepaAmount, totals, XML_DECLARATION } from './xml-parts';

/**
 * A SEPA direct debit initiation (ISO 20022 pain.008.001.08). The scheme (CORE, B2B) and the
 * sequence type are set per payment block, so debits are grouped by both, in a fixed order.
 */
export const PAIN_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

export const MANDATE_SCHEMES = ['CORE', 'B2B'] as const;
export type MandateScheme = (typeof MANDATE_SCHEMES)[number];
export const SEQUENCE_TYPES = ['FRST', 'RCUR', 'OOFF'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

export interface DirectDebit {
  endToEndId: string;
  amount: string;
  scheme: MandateScheme;
  sequenceType: SequenceType;
  mandateReference: string;
  /** YYYY-MM-DD. */
  signatureDate: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  remittance: string;
}

export interface DirectDebitRemittance {
  messageId: string;
  createdAt: string;
  collectionDate: string;
  creditor: { name: string; nif: string; identifier: string; iban: string; bic: string | null };
  debits: readonly DirectDebit[];
}

function debit(d: DirectDebit): string {
  return '<DrctDbtTxInf>'
    + `<PmtId>${element('EndToEndId', d.endToEndId)}</PmtId>`
    + `<InstdAmt Ccy="EUR">${sepaAmount(d.amount)}</InstdAmt>`
    + `<DrctDbtTx><MndtRltdInf>${element('MndtId', d.mandateReference)}${element('DtOfSgntr', d.signatureDate)}</MndtRltdInf></DrctDbtTx>`
    + agent('DbtrAgt', d.debtorBic)
    + `<Dbtr>${partyName(d.debtorName)}</Dbtr>`
    + ibanAccount('DbtrAcct', d.debtorIban)
    + `<RmtInf>${element('Ustrd', sepaText(d.remittance, 140) || 'NOTPROVIDED')}</RmtInf>`
    + '</DrctDbtTxInf>';
}

const BLOCK_ORDER = MANDATE_SCHEMES.flatMap((scheme) => SEQUENCE_TYPES.map((sequenceType) => ({ scheme, sequenceType })));

export function directDebitXml(remittance: DirectDebitRemittance): string {
  const { creditor } = remittance;
  const { count, sum } = totals(remittance.debits.map((d) => d.amount));
  const schemeId = `<CdtrSchmeId><Id><PrvtId><Othr>${element('Id', creditor.identifier)}<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`;
  const blocks = BLOCK_ORDER.map(({ scheme, sequenceType }, i) => {
    const debits = remittance.debits.filter((d) => d.scheme === scheme && d.sequenceType === sequenceType);
    if (!debits.length) return '';
    const block = totals(debits.map((d) => d.amount));
    return `<PmtInf>${element('PmtInfId', `${remittance.messageId.slice(0, 30)}-${String(i + 1).padStart(2, '0')}`)}<PmtMtd>DD</PmtMtd>`
      + `<NbOfTxs>${block.count}</NbOfTxs><CtrlSum>${block.sum}</CtrlSum>`
      + `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>${scheme}</Cd></LclInstrm><SeqTp>${sequenceType}</SeqTp></PmtTpInf>`
      + element('ReqdColltnDt', remittance.collectionDate)
      + `<Cdtr>${partyName(creditor.name)}</Cdtr>${ibanAccount('CdtrAcct', creditor.iban)}${agent('CdtrAgt', creditor.bic)}`
      + `<ChrgBr>SLEV</ChrgBr>${schemeId}`
      + debits.map(debit).join('')
      + '</PmtInf>';
  }).join('');
  return XML_DECLARATION
    + `<Document xmlns="${PAIN_008_NAMESPACE}"><CstmrDrctDbtInitn>`
    + `<GrpHdr>${element('MsgId', remittance.messageId)}${element('CreDtTm', remittance.createdAt)}<NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>`
    + `${initiatingParty(creditor.name, creditor.nif)}</GrpHdr>`
    + blocks
    + '</CstmrDrctDbtInitn></Document>\n';
}
