import { sepaText } from './sepa-text';
import { agent, element, ibanAccount, initiatingParty, partyName, sepaAmount, totals, XML_DECLARATION } from './xml-parts';

/** A SEPA credit transfer initiation (ISO 20022 pain.001.001.09): one payment block, one transaction per supplier invoice. */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface CreditTransfer {
  endToEndId: string;
  /** Positive decimal string, two decimals. */
  amount: string;
  creditorName: string;
  creditorIban: string;
  creditorBic: string | null;
  /** The supplier's invoice number(s), unstructured remittance information (140 characters). */
  remittance: string;
}

export interface CreditTransferOrder {
  messageId: string;
  /** ISO date-time of creation, seconds precision. */
  createdAt: string;
  executionDate: string;
  debtor: { name: string; nif: string; iban: string; bic: string | null };
  transfers: readonly CreditTransfer[];
}

function transfer(t: CreditTransfer): string {
  return '<CdtTrfTxInf>'
    + `<PmtId>${element('EndToEndId', t.endToEndId)}</PmtId>`
    + `<Amt><InstdAmt Ccy="EUR">${sepaAmount(t.amount)}</InstdAmt></Amt>`
    + (t.creditorBic ? agent('CdtrAgt', t.creditorBic) : '')
    + `<Cdtr>${partyName(t.creditorName)}</Cdtr>`
    + ibanAccount('CdtrAcct', t.creditorIban)
    + `<RmtInf>${element('Ustrd', sepaText(t.remittance, 140) || 'NOTPROVIDED')}</RmtInf>`
    + '</CdtTrfTxInf>';
}

export function creditTransferXml(order: CreditTransferOrder): string {
  const { count, sum } = totals(order.transfers.map((t) => t.amount));
  return XML_DECLARATION
    + `<Document xmlns="${PAIN_001_NAMESPACE}"><CstmrCdtTrfInitn>`
    + `<GrpHdr>${element('MsgId', order.messageId)}${element('CreDtTm', order.createdAt)}<NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>`
    + `${initiatingParty(order.debtor.name, order.debtor.nif)}</GrpHdr>`
    + `<PmtInf>${element('PmtInfId', order.messageId)}<PmtMtd>TRF</PmtMtd><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>`
    + '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>'
    + `<ReqdExctnDt>${element('Dt', order.executionDate)}</ReqdExctnDt>`
    + `<Dbtr>${partyName(order.debtor.name)}</Dbtr>${ibanAccount('DbtrAcct', order.debtor.iban)}${agent('DbtrAgt', order.debtor.bic)}`
    + '<ChrgBr>SLEV</ChrgBr>'
    + order.transfers.map(transfer).join('')
    + '</PmtInf></CstmrCdtTrfInitn></Document>\n';
}
