import { PayloadTooLarge } from '../../../kernel/errors';
import { Decimal } from '../../../kernel/money';
import { readXml, textReadOptions, XmlRefused, type XmlLimits } from '../../../lib/xml-limits';
import { clean } from './text';
import { StatementRefused, type ImportOptions, type ParsedMovement, type ParsedStatement, type RejectedLine, type StatementAccount, type StatementImporter } from './types';

/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), versions .001.02 to .001.08. One movement per
 * booked entry; a batch entry (several transaction details) becomes one movement per detail when
 * the details add up to the entry, else one movement for the entry; charges the bank included in
 * an amount (`ChrgInclInd` true) become a movement of their own, so the gross amount is what
 * matches the invoice and the fee is a fee. "Line" in reports is the entry's ordinal in the file.
 */

const SUPPORTED = /urn:iso:std:iso:20022:tech:xsd:camt\.05[34]\.001\.0([2-8])\b/;

const ARRAYS = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Rcrd', 'Chrgs', 'Bal', 'Strd', 'AddtlTxInf']);

/**
 * A statement of a few thousand entries; larger ones are refused before they are parsed (a parsed
 * XML tree takes tens of times the file's size in memory, and seconds per megabyte). CAMT nests
 * about 12 levels deep and no value of it is longer than a few hundred characters.
 */
export const CAMT_LIMITS: XmlLimits = { maxBytes: 4 * 1024 * 1024, maxDepth: 32, maxNodes: 400_000, maxTextLength: 10_000 };

const READ_OPTIONS = textReadOptions(ARRAYS);

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

/** A `Dt` as it is; a `DtTm` with an offset (or Z) as the day it is in `timeZone`; one without an offset as written. */
function dateOf(node: Node, timeZone: string): string | null {
  const day = text(node?.Dt);
  if (day) return /^\d{4}-\d{2}-\d{2}/.test(day) ? day.slice(0, 10) : null;
  return dayOfTimestamp(text(node?.DtTm) ?? text(node), timeZone);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function dayOfTimestamp(value: string | null, timeZone: string): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return value.slice(0, 10);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
}

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

interface EntryContext { line: number; account: string; bookingDate: string; valueDate: string | null; currency: string | null; entryRef: string | null; entryInfo: string | null }

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
    counterparty, counterpartyIban, currency: ctx.currency, returnReason: returnReasonOf(tx),
    bankReference: [ctx.entryRef ?? '', index, text(refs?.AcctSvcrRef) ?? '', text(refs?.TxId) ?? '', endToEnd ?? ''].join('|'),
  };
}

/** A returned or unpaid transaction's ISO 20022 reason (`RtrInf/Rsn/Cd`), when the bank gives one. */
function returnReasonOf(tx: Node | undefined): string | null {
  const info = list(tx?.RtrInf)[0];
  if (!info) return null;
  const code = clean(text(info?.Rsn?.Cd))?.toUpperCase();
  return code && /^[A-Z0-9]{4}$/.test(code) ? code : 'MS03';
}

function feeOf(ctx: EntryContext, fee: Decimal, index: number): ParsedMovement {
  return {
    line: ctx.line, account: ctx.account, bookingDate: ctx.bookingDate, valueDate: ctx.valueDate, amount: fee.negate(),
    description: `Comisiones y gastos${ctx.entryInfo ? `: ${ctx.entryInfo}` : ''}`.slice(0, 500), reference: ctx.entryRef, counterparty: null,
    counterpartyIban: null, currency: ctx.currency, bankReference: [ctx.entryRef ?? '', index, 'charges'].join('|'),
  };
}

/**
 * The statement message: `Document` at the root, or wrapped with its business application header
 * (`AppHdr`) in an envelope element of the bank's or the network's choosing, a few levels down.
 */
function findStatementMessage(node: Node, depth = 0): Node | undefined {
  if (!node || typeof node !== 'object' || depth > 4) return undefined;
  if (node.Document?.BkToCstmrStmt) return node.Document.BkToCstmrStmt;
  // camt.054, the debit/credit notification: its notifications (Ntfctn) are read as statements
  if (node.Document?.BkToCstmrDbtCdtNtfctn) return node.Document.BkToCstmrDbtCdtNtfctn;
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@') || key === 'AppHdr') continue;
    const found = findStatementMessage(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The booked entries of one statement, summed in each currency they are in. */
class BookedTotals {
  credits = Decimal.zero(2);
  debits = Decimal.zero(2);
  readonly currencies = new Set<string>();

  add(amount: Decimal, currency: string | null): void {
    if (currency) this.currencies.add(currency);
    if (amount.isNegative()) this.debits = this.debits.sub(amount);
    else this.credits = this.credits.add(amount);
  }
}

const balanceOf = (balances: Node[], codes: string[], where: number) => {
  const found = balances.find((b: Node) => codes.includes(text(b?.Tp?.CdOrPrtry?.Cd) ?? ''));
  return found ? { amount: signed(amountOf(found.Amt, where, 'Balance amount'), clean(text(found.CdtDbtInd)), where), currency: clean(text(found.Amt?.['@Ccy'])) } : undefined;
};

/**
 * Opening balance (OPBD, or the previous closing PRCD) plus the booked entries must be the closing
 * balance (CLBD), as a Norma 43 file's totals must: a statement that does not add up is refused
 * whole. Not checked when either balance is missing, or when an entry is in another currency than
 * the balances (that entry is rejected on its own, see import.ts).
 */
function checkBalances(statement: Node, booked: BookedTotals, line: number): void {
  const balances = list(statement?.Bal);
  const opening = balanceOf(balances, ['OPBD', 'PRCD'], line);
  const closing = balanceOf(balances, ['CLBD'], line);
  if (!opening || !closing) return;
  if ([...booked.currencies].some((c) => c !== (closing.currency ?? c))) return;
  const expected = opening.amount.add(booked.credits).sub(booked.debits);
  if (expected.eq(closing.amount)) return;
  const name = clean(text(statement?.Id));
  throw new StatementRefused(line, `${name ? `Statement ${name}: c` : 'C'}losing balance ${closing.amount} is not opening ${opening.amount} + credits ${booked.credits} - debits ${booked.debits} = ${expected}`);
}

export function parseCamt053(bytes: Uint8Array, options: ImportOptions = {}): ParsedStatement {
  const timeZone = options.timeZone ?? 'Europe/Madrid';
  // an application header before the Document may push its namespace past the first few KiB
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 65_536));
  const version = SUPPORTED.exec(head);
  if (!version) {
    throw new StatementRefused(1, /camt\.054\./.test(head) ? 'Not a CAMT.054 notification of a supported version (camt.054.001.02 to .001.08)'
      : 'Not a CAMT.053 statement of a supported version (camt.053.001.02 to .001.08)');
  }
  const root = readStatementXml(bytes);
  const document = findStatementMessage(root);
  const notification = /camt\.054/.test(version[0]);
  if (!document) throw new StatementRefused(1, notification ? 'No BkToCstmrDbtCdtNtfctn element under Document' : 'No BkToCstmrStmt element under Document');
  const statements = list(notification ? document.Ntfctn : document.Stmt);
  if (!statements.length) throw new StatementRefused(1, notification ? 'The file holds no notification (Ntfctn): nothing to import' : 'The file holds no statement (Stmt): nothing to import');
  const messageDate = dayOfTimestamp(text(document.GrpHdr?.CreDtTm), timeZone);
  const accounts: StatementAccount[] = [];
  const movements: ParsedMovement[] = [];
  const rejected: RejectedLine[] = [];
  const rejectedAccounts = new Map<number, string>();
  const reject = (line: number, account: string, reason: string) => { rejected.push({ line, reason }); rejectedAccounts.set(line, account); };
  let entryNo = 0;
  for (const statement of statements) {
    const id = accountId(statement?.Acct);
    if (!id) throw new StatementRefused(entryNo + 1, 'A statement without its account (Acct/Id/IBAN or Othr/Id)');
    const account = id.replace(/\s/g, '').toUpperCase();
    accounts.push({ key: account, currency: clean(text(statement.Acct?.Ccy)) });
    const statementDate = dayOfTimestamp(text(statement.CreDtTm), timeZone) ?? dayOfTimestamp(text(statement.FrToDt?.ToDtTm), timeZone) ?? messageDate;
    const booked = new BookedTotals();
    for (const entry of list(statement.Ntry)) {
      const line = ++entryNo;
      const status = clean(text(entry?.Sts?.Cd) ?? text(entry?.Sts));
      if (status && status !== 'BOOK') { reject(line, account, `Entry status ${status}: only booked entries (BOOK) are imported`); continue; }
      const valueDate = dateOf(entry?.ValDt, timeZone);
      const bookingDate = dateOf(entry?.BookgDt, timeZone) ?? valueDate ?? statementDate;
      if (!bookingDate) { reject(line, account, 'Entry without a booking date (BookgDt), a value date (ValDt) or a statement date'); continue; }
      const total = signed(amountOf(entry?.Amt, line, 'Entry amount'), clean(text(entry?.CdtDbtInd)), line);
      const currency = clean(text(entry?.Amt?.['@Ccy']));
      booked.add(total, currency);
      const ctx: EntryContext = {
        line, account, bookingDate, valueDate, currency,
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
    checkBalances(statement, booked, entryNo || 1);
  }
  return { accounts, movements, rejected, rejectedAccounts };
}

export const camt053Importer: StatementImporter = {
  name: 'camt053',
  description: 'ISO 20022 CAMT.053 bank-to-customer statements, versions .001.02 to .001.08',
  detect: (head) => head.includes('<') && /camt\.053\.001\./.test(head),
  parse: (bytes, options) => parseCamt053(bytes, options),
};

/**
 * ISO 20022 CAMT.054 (bank-to-customer debit/credit notification): read as a statement of its
 * notifications' entries (they carry no balances). Banks send one for a direct-debit batch's
 * returns, each entry with its return reason (`RtrInf/Rsn/Cd`).
 */
export const camt054Importer: StatementImporter = {
  name: 'camt054',
  description: 'ISO 20022 CAMT.054 bank-to-customer debit/credit notifications, versions .001.02 to .001.08 (returned direct debits with their reasons)',
  detect: (head) => head.includes('<') && /camt\.054\.001\./.test(head),
  parse: (bytes, options) => parseCamt053(bytes, options),
};
