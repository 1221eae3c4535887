import { PayloadTooLarge } from '../../../kernel/errors';
import { Decimal } from '../../../kernel/money';
import { readXml, XmlRefused, type XmlLimits } from '../../../lib/xml-limits';
import { clean } from './text';
import { StatementRefused, type ParsedMovement, type ParsedStatement, type RejectedLine, type StatementAccount, type StatementImporter } from './types';

/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), versions .001.02 to .001.08. One movement per
 * booked entry; a batch entry (several transaction details) becomes one movement per detail when
 * the details add up to the entry, else one movement for the entry; charges the bank included in
 * an amount (`ChrgInclInd` true) become a movement of their own, so the gross amount is what
 * matches the invoice and the fee is a fee. "Line" in reports is the entry's ordinal in the file.
 */

const SUPPORTED = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.0([2-8])\b/;

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Rcrd', 'Chrgs', 'Bal', 'Strd', 'AddtlTxInf']);

/**
 * A statement of a few thousand entries; larger ones are refused before they are parsed (a parsed
 * XML tree takes tens of times the file's size in memory, and seconds per megabyte). CAMT nests
 * about 12 levels deep and no value of it is longer than a few hundred characters.
 */
export const CAMT_LIMITS: XmlLimits = { maxBytes: 4 * 1024 * 1024, maxDepth: 32, maxNodes: 400_000, maxTextLength: 10_000 };

const READ_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name: string) => ARRAYS.has(name),
};

/** The statement's XML, read within CAMT_LIMITS: too large is 413, anything else refused is the file's fault. */
function readStatementXml(bytes: Uint8Array): Node {
  try {
    return readXml(bytes, CAMT_LIMITS, READ_OPTIONS);
  } catch (error) {
    if (!(error instanceof XmlRefused)) throw error;
    if (error.tooLarge) throw new PayloadTooLarge(`${error.reason} for a CAMT.053 statement: split it by period, or export it as Norma 43`);
    throw new StatementRefused(1, error.reason);
  }
}

type Node = any;
const list = (value: Node): Node[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
const text = (value: Node): string | null => {
  if (value == null) return null;
  if (typeof value === 'object') return value['#text'] != null ? String(value['#text']) : null;
  return String(value);
};

function amountOf(node: Node, where: number, what: string): Decimal {
  const raw = text(node)?.trim() ?? '';
  if (!/^\d{1,15}(\.\d{1,5})?$/.test(raw)) throw new StatementRefused(where, `${what} is not a decimal amount: "${raw}"`);
  const value = Decimal.parse(raw, 5);
  if (!value.rescale(2).eq(value)) throw new StatementRefused(where, `${what} has more than two decimals: ${raw}`);
  return value.rescale(2);
}

const dateOf = (node: Node): string | null => {
  const value = text(node?.Dt) ?? text(node?.DtTm);
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
};

const signed = (amount: Decimal, indicator: string | null, where: number): Decimal => {
  if (indicator === 'CRDT') return amount;
  if (indicator === 'DBIT') return amount.negate();
  throw new StatementRefused(where, `CdtDbtInd must be CRDT or DBIT, not "${indicator ?? ''}"`);
};

/** Name of a party: `Nm` up to .001.07, `Pty/Nm` from .001.08. */
const partyName = (party: Node): string | null => clean(text(party?.Nm) ?? text(party?.Pty?.Nm));
const accountId = (account: Node): string | null => clean(text(account?.Id?.IBAN) ?? text(account?.Id?.Othr?.Id));

/** Charges included in the amount (ChrgInclInd true), as a positive cost. */
function includedCharges(charges: Node[], where: number): Decimal {
  let total = Decimal.zero(2);
  for (const block of charges) {
    for (const record of list(block?.Rcrd)) {
      if (text(record?.ChrgInclInd) !== 'true') continue;
      const amount = amountOf(record.Amt, where, 'Charge amount');
      // a charge credited back to the customer lowers the cost
      total = text(record?.CdtDbtInd) === 'CRDT' ? total.sub(amount) : total.add(amount);
    }
  }
  return total;
}

interface EntryContext { line: number; account: string; bookingDate: string; valueDate: string | null; entryRef: string | null; entryInfo: string | null }

function movementOf(ctx: EntryContext, amount: Decimal, tx: Node | undefined, index: number): ParsedMovement {
  const incoming = !amount.isNegative();
  const parties = tx?.RltdPties;
  const counterparty = incoming ? partyName(parties?.Dbtr) ?? partyName(parties?.UltmtDbtr) : partyName(parties?.Cdtr) ?? partyName(parties?.UltmtCdtr);
  const counterpartyIban = accountId(incoming ? parties?.DbtrAcct : parties?.CdtrAcct);
  const refs = tx?.Refs;
  const endToEnd = clean(text(refs?.EndToEndId));
  const structured = list(tx?.RmtInf?.Strd).map((s: Node) => clean(text(s?.CdtrRefInf?.Ref))).find(Boolean) ?? null;
  const unstructured = clean(list(tx?.RmtInf?.Ustrd).map(text).join(' '));
  const description = unstructured ?? clean(list(tx?.AddtlTxInf).map(text).join(' ')) ?? ctx.entryInfo ?? counterparty ?? 'Movimiento';
  return {
    line: ctx.line, account: ctx.account, bookingDate: ctx.bookingDate, valueDate: ctx.valueDate, amount, description,
    reference: (endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : null) ?? structured ?? clean(text(refs?.AcctSvcrRef)) ?? ctx.entryRef,
    counterparty, counterpartyIban,
    bankReference: [ctx.entryRef ?? '', index, text(refs?.AcctSvcrRef) ?? '', text(refs?.TxId) ?? '', endToEnd ?? ''].join('|'),
  };
}

function feeOf(ctx: EntryContext, fee: Decimal, index: number): ParsedMovement {
  return {
    line: ctx.line, account: ctx.account, bookingDate: ctx.bookingDate, valueDate: ctx.valueDate, amount: fee.negate(),
    description: `Comisiones y gastos${ctx.entryInfo ? `: ${ctx.entryInfo}` : ''}`.slice(0, 500), reference: ctx.entryRef, counterparty: null,
    counterpartyIban: null, bankReference: [ctx.entryRef ?? '', index, 'charges'].join('|'),
  };
}

export function parseCamt053(bytes: Uint8Array): ParsedStatement {
  const version = SUPPORTED.exec(new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)));
  if (!version) throw new StatementRefused(1, 'Not a CAMT.053 statement of a supported version (camt.053.001.02 to .001.08)');
  const document = readStatementXml(bytes)?.Document?.BkToCstmrStmt;
  if (!document) throw new StatementRefused(1, 'No BkToCstmrStmt element under Document');
  const accounts: StatementAccount[] = [];
  const movements: ParsedMovement[] = [];
  const rejected: RejectedLine[] = [];
  let entryNo = 0;
  for (const statement of list(document.Stmt)) {
    const account = accountId(statement?.Acct);
    if (!account) throw new StatementRefused(entryNo + 1, 'A statement without its account (Acct/Id/IBAN or Othr/Id)');
    accounts.push({ key: account.replace(/\s/g, '').toUpperCase(), currency: clean(text(statement.Acct?.Ccy)) });
    for (const entry of list(statement.Ntry)) {
      const line = ++entryNo;
      const status = clean(text(entry?.Sts?.Cd) ?? text(entry?.Sts));
      if (status && status !== 'BOOK') { rejected.push({ line, reason: `Entry status ${status}: only booked entries (BOOK) are imported` }); continue; }
      const bookingDate = dateOf(entry?.BookgDt);
      if (!bookingDate) { rejected.push({ line, reason: 'Entry without a booking date (BookgDt)' }); continue; }
      const total = signed(amountOf(entry?.Amt, line, 'Entry amount'), clean(text(entry?.CdtDbtInd)), line);
      const ctx: EntryContext = {
        line, account: account.replace(/\s/g, '').toUpperCase(), bookingDate, valueDate: dateOf(entry?.ValDt),
        entryRef: clean(text(entry?.AcctSvcrRef)) ?? clean(text(entry?.NtryRef)), entryInfo: clean(text(entry?.AddtlNtryInf)),
      };
      const details = list(entry?.NtryDtls).flatMap((d: Node) => list(d?.TxDtls));
      const parts: { amount: Decimal; tx?: Node; fee: Decimal }[] = [];
      let sum = Decimal.zero(2);
      let detailed = details.length > 0;
      for (const tx of details) {
        const node = tx?.Amt ?? tx?.AmtDtls?.TxAmt?.Amt;
        if (node == null) { detailed = false; break; }
        const indicator = clean(text(tx?.CdtDbtInd)) ?? clean(text(entry?.CdtDbtInd));
        const amount = signed(amountOf(node, line, 'Transaction amount'), indicator, line);
        sum = sum.add(amount);
        parts.push({ amount, tx, fee: includedCharges(list(tx?.Chrgs), line) });
      }
      // the details must account for the entry: then they are the movements (a batch), else the entry is
      if (detailed && details.length > 1 && !sum.eq(total)) detailed = false;
      if (!detailed || details.length === 1) {
        const fee = includedCharges(list(entry?.Chrgs), line).add(details.length === 1 && parts[0] ? parts[0].fee : Decimal.zero(2));
        parts.splice(0, parts.length, { amount: total, tx: details.length === 1 ? details[0] : undefined, fee });
      }
      parts.forEach((part, index) => {
        const gross = part.amount.add(part.fee);
        movements.push(movementOf(ctx, part.fee.isZero() ? part.amount : gross, part.tx, index));
        if (!part.fee.isZero()) movements.push(feeOf(ctx, part.fee, index));
      });
    }
  }
  return { accounts, movements, rejected };
}

export const camt053Importer: StatementImporter = {
  name: 'camt053',
  description: 'ISO 20022 CAMT.053 bank-to-customer statements, versions .001.02 to .001.08',
  detect: (head) => head.includes('<') && /camt\.053\.001\./.test(head),
  parse: (bytes) => parseCamt053(bytes),
};
