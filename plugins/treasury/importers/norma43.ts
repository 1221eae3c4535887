import { Decimal } from '../../../kernel/money';
import { clean, decodeStatement, splitLines, yymmdd } from './text';
import { StatementRefused, type ParsedMovement, type ParsedStatement, type StatementAccount, type StatementImporter } from './types';

/**
 * Norma 43 (AEB/CSB Cuaderno 43): fixed-position records of 80 characters, read by position with
 * short lines padded. Per account: 11 header → (22 movement → up to five 23 → optional 24)* → 33
 * totals; the file ends with 88. The checks of docs/domain/norma-43.md are applied to the whole
 * file before anything is imported: one failure refuses the file with its line and reason.
 */

/** Conceptos comunes (Anexo 2): the description of a movement that has no record 23. */
export const COMMON_CONCEPTS: Record<string, string> = {
  '01': 'Talones - reintegros', '02': 'Abonarés - entregas - ingresos', '03': 'Domiciliados - recibos - letras - pagos por su cuenta',
  '04': 'Giros - transferencias - traspasos - cheques', '05': 'Amortizaciones préstamos, créditos, etc.', '06': 'Remesas efectos',
  '07': 'Suscripciones - div. pasivos - canjes', '08': 'Div. cupones - prima junta - amortizaciones', '09': 'Operaciones de bolsa y/o compra/venta valores',
  '10': 'Cheques gasolina', '11': 'Cajero automático', '12': 'Tarjetas de crédito - tarjetas débito', '13': 'Operaciones extranjero',
  '14': 'Devoluciones e impagados', '15': 'Nóminas - seguros sociales', '16': 'Timbres - corretaje - póliza',
  '17': 'Intereses - comisiones - custodia - gastos e impuestos', '98': 'Anulaciones - correcciones asiento', '99': 'Varios',
};

/** ISO 4217 numeric → alphabetic, for the currencies Anexo 2 lists. */
const CURRENCIES: Record<string, string> = {
  '036': 'AUD', '124': 'CAD', '208': 'DKK', '392': 'JPY', '554': 'NZD', '578': 'NOK', '752': 'SEK', '756': 'CHF', '826': 'GBP', '840': 'USD', '978': 'EUR',
};

const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** Whether positions from..to (1-based, inclusive) of the record are all digits: a loop, not a regular expression, on 100,000s of records. */
function digitsAt(line: string, from: number, to: number): boolean {
  for (let i = from - 1; i < to; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const allZeros = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return text.length > 0;
};

/** A 14-digit amount in cents. */
function cents(line: string, from: number, lineNo: number, what: string): bigint {
  if (!digitsAt(line, from, from + 13)) throw new StatementRefused(lineNo, `${what} (positions ${from}-${from + 13}) is not 14 digits: "${field(line, from, from + 13).trimEnd()}"`);
  return BigInt(field(line, from, from + 13));
}

const amount = (line: string, from: number, lineNo: number, what: string): Decimal => Decimal.of(cents(line, from, lineNo, what), 2);

function count(line: string, from: number, lineNo: number, what: string): number {
  if (!digitsAt(line, from, from + 4)) throw new StatementRefused(lineNo, `${what} (positions ${from}-${from + 4}) is not 5 digits`);
  return Number(field(line, from, from + 4));
}

function date(line: string, from: number, lineNo: number, what: string): string {
  const value = yymmdd(field(line, from, from + 5));
  if (!value) throw new StatementRefused(lineNo, `${what} (positions ${from}-${from + 5}) is not a date YYMMDD: "${field(line, from, from + 5)}"`);
  return value;
}

/** Norma 43's common concept of returned and unpaid items. */
const RETURNS_CONCEPT = '14';
/** The ISO 20022 reason codes of returned direct debits (the EPC's R-transaction reasons), as a bank may write one in the concepts. */
const RETURN_REASON = /\b(AC01|AC04|AC06|AC13|AG01|AG02|AM04|AM05|BE05|CNOR|DNOR|FF01|MD01|MD02|MD06|MD07|MS02|MS03|RC01|RR01|RR02|RR03|RR04|SL01|FOCR)\b/;

interface OpenAccount {
  key: string; line: number; modalidad: string; opening: Decimal;
  /** Totals in cents, summed as bigints (a Decimal per addition cost more than the rest of a record). */
  debits: number; credits: number; debitCents: bigint; creditCents: bigint;
}

interface OpenMovement { movement: ParsedMovement; concepts: string[]; common: string; records23: number; hasRecord24: boolean; ref: string }

export function parseNorma43(bytes: Uint8Array): ParsedStatement {
  const lines = splitLines(decodeStatement(bytes));
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  const accounts: StatementAccount[] = [];
  const movements: ParsedMovement[] = [];
  let account: OpenAccount | undefined;
  let current: OpenMovement | undefined;
  let records = 0;
  let ended = false;

  const closeMovement = () => {
    if (!current) return;
    const { movement, concepts, common } = current;
    // the concepts are fixed-width fields padded with spaces: trimmed before they are joined, the
    // text is usually clean already (the same result as cleaning the padded join)
    let text = '';
    for (const concept of concepts) {
      const trimmed = concept.trimEnd();
      if (trimmed) text = text ? `${text} ${trimmed}` : trimmed;
    }
    movement.description = clean(text) ?? COMMON_CONCEPTS[common] ?? `Concepto ${common}`;
    // common concept 14, "devoluciones e impagados": a debit is a returned or unpaid collection; the
    // format has no reason field, so the reason is an ISO 20022 code the bank wrote in the text, or
    // MS03 (reason not specified)
    if (common === RETURNS_CONCEPT && movement.amount.isNegative()) movement.returnReason = RETURN_REASON.exec(movement.description.toUpperCase())?.[1] ?? 'MS03';
    movements.push(movement);
    current = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = i === 0 ? lines[i].replace(/^\uFEFF/, '') : lines[i];
    // a record starts with its type's digits: only a line that does not is looked at more closely
    const first = raw.charCodeAt(0);
    if (!(first > 32 && first < 127) && raw.trim() === '') throw new StatementRefused(lineNo, 'Empty line inside the file');
    if (ended) throw new StatementRefused(lineNo, 'Records after the end-of-file record 88');
    const last = raw.charCodeAt(raw.length - 1);
    const trimmed = last > 32 && last < 127 ? raw : raw.trimEnd();
    if (trimmed.length > 80) throw new StatementRefused(lineNo, `A record has at most 80 characters (this one has ${trimmed.length})`);
    const line = trimmed.length === 80 ? trimmed : trimmed.padEnd(80, ' ');
    const type = line.slice(0, 2);
    if (type !== '88') records++;
    switch (type) {
      case '11': {
        if (account) throw new StatementRefused(lineNo, `Account header 11 before the totals record 33 of the account opened on line ${account.line}`);
        const key = field(line, 3, 20);
        if (!digitsAt(line, 3, 20)) throw new StatementRefused(lineNo, 'Entity, office and account number (positions 3-20) must be 18 digits');
        date(line, 21, lineNo, 'Start date');
        date(line, 27, lineNo, 'End date');
        const sign = field(line, 33, 33);
        if (sign !== '1' && sign !== '2') throw new StatementRefused(lineNo, `Opening balance key (position 33) must be 1 (debit) or 2 (credit), not "${sign}"`);
        const opening = amount(line, 34, lineNo, 'Opening balance');
        const currencyCode = field(line, 48, 50);
        account = {
          key, line: lineNo, modalidad: field(line, 51, 51), opening: sign === '1' ? opening.negate() : opening,
          debits: 0, credits: 0, debitCents: 0n, creditCents: 0n,
        };
        accounts.push({ key, currency: CURRENCIES[currencyCode] ?? (/^\d{3}$/.test(currencyCode) ? `ISO-${currencyCode}` : null) });
        break;
      }
      case '22': {
        if (!account) throw new StatementRefused(lineNo, 'Movement record 22 outside an account (no header 11 before it)');
        closeMovement();
        const bookingDate = date(line, 11, lineNo, 'Operation date');
        const valueDate = date(line, 17, lineNo, 'Value date');
        const common = field(line, 23, 24);
        if (!digitsAt(line, 23, 24)) throw new StatementRefused(lineNo, `Common concept (positions 23-24) must be two digits, not "${common}"`);
        const key = line.charCodeAt(27);
        if (key !== 49 && key !== 50) throw new StatementRefused(lineNo, `Debit/credit key (position 28) must be 1 (debit) or 2 (credit), not "${field(line, 28, 28)}"`);
        const value = cents(line, 29, lineNo, 'Amount');
        if (key === 49) { account.debits++; account.debitCents += value; } else { account.credits++; account.creditCents += value; }
        const documentNumber = clean(field(line, 43, 52));
        const ref1 = clean(field(line, 53, 64));
        const ref2 = clean(field(line, 65, 80));
        const usefulRef1 = ref1 && !allZeros(ref1) ? ref1 : null;
        const usefulDoc = documentNumber && !allZeros(documentNumber) ? documentNumber : null;
        current = {
          common, concepts: [], records23: 0, hasRecord24: false, ref: '',
          movement: {
            line: lineNo, account: account.key, bookingDate, valueDate, amount: Decimal.of(key === 49 ? -value : value, 2),
            description: '', reference: ref2 ?? usefulRef1 ?? usefulDoc, counterparty: null, counterpartyIban: null,
            bankReference: `${common}|${field(line, 25, 27)}|${field(line, 7, 10)}|${documentNumber ?? ''}|${ref1 ?? ''}|${ref2 ?? ''}`,
          },
        };
        break;
      }
      case '23': {
        if (!current) throw new StatementRefused(lineNo, 'Complementary concept record 23 without a movement record 22 before it');
        if (current.hasRecord24) throw new StatementRefused(lineNo, 'Record 23 after the movement\'s record 24');
        const code = field(line, 3, 4);
        if (line.charCodeAt(2) !== 48 || line.charCodeAt(3) < 49 || line.charCodeAt(3) > 53) throw new StatementRefused(lineNo, `Record 23 data code (positions 3-4) must be 01 to 05, not "${code}"`);
        if (++current.records23 > 5) throw new StatementRefused(lineNo, 'A movement has at most five records 23');
        if (account!.modalidad === '3' && code === '01') {
          current.movement.counterparty = clean(field(line, 5, 70));
          current.concepts.push(field(line, 5, 70));
        } else {
          current.concepts.push(field(line, 5, 42), field(line, 43, 80));
        }
        break;
      }
      case '24': {
        if (!current) throw new StatementRefused(lineNo, 'Amount equivalence record 24 without a movement record 22 before it');
        if (current.hasRecord24) throw new StatementRefused(lineNo, 'A movement has at most one record 24');
        current.hasRecord24 = true;
        amount(line, 8, lineNo, 'Equivalent amount');
        break;
      }
      case '33': {
        if (!account) throw new StatementRefused(lineNo, 'Totals record 33 without an account header 11 before it');
        closeMovement();
        const key = field(line, 3, 20);
        if (key !== account.key) throw new StatementRefused(lineNo, `Totals record 33 is for account ${key.trim()}, the header on line ${account.line} for ${account.key}`);
        const debits = count(line, 21, lineNo, 'Number of debits');
        const debitTotal = amount(line, 26, lineNo, 'Total debits');
        const credits = count(line, 40, lineNo, 'Number of credits');
        const creditTotal = amount(line, 45, lineNo, 'Total credits');
        if (debits !== account.debits) throw new StatementRefused(lineNo, `Record 33 counts ${debits} debits; the account has ${account.debits}`);
        if (credits !== account.credits) throw new StatementRefused(lineNo, `Record 33 counts ${credits} credits; the account has ${account.credits}`);
        const movedDebits = Decimal.of(account.debitCents, 2), movedCredits = Decimal.of(account.creditCents, 2);
        if (!debitTotal.eq(movedDebits)) throw new StatementRefused(lineNo, `Record 33 totals ${debitTotal} in debits; the movements add up to ${movedDebits}`);
        if (!creditTotal.eq(movedCredits)) throw new StatementRefused(lineNo, `Record 33 totals ${creditTotal} in credits; the movements add up to ${movedCredits}`);
        // Some banks write 0 as the closing balance key; anything but 1 (debit) is a credit balance.
        const closingRaw = amount(line, 60, lineNo, 'Closing balance');
        const closing = field(line, 59, 59) === '1' ? closingRaw.negate() : closingRaw;
        const expected = account.opening.add(movedCredits).sub(movedDebits);
        if (!closing.eq(expected)) {
          throw new StatementRefused(lineNo, `Closing balance ${closing} is not opening ${account.opening} + credits ${movedCredits} - debits ${movedDebits} = ${expected}`);
        }
        account = undefined;
        break;
      }
      case '88': {
        if (account) throw new StatementRefused(lineNo, `End-of-file record 88 before the totals record 33 of the account opened on line ${account.line}`);
        if (!/^9{18}$/.test(field(line, 3, 20))) throw new StatementRefused(lineNo, 'Record 88 has eighteen 9s in positions 3-20');
        const declared = field(line, 21, 26);
        if (!/^\d{6}$/.test(declared)) throw new StatementRefused(lineNo, 'Record count of record 88 (positions 21-26) is not 6 digits');
        // Some banks count the 88 record itself: one more is tolerated.
        const n = Number(declared);
        if (n !== records && n !== records + 1) throw new StatementRefused(lineNo, `Record 88 counts ${n} records; the file has ${records} before it`);
        ended = true;
        break;
      }
      default:
        throw new StatementRefused(lineNo, `Unknown record type "${type}" (Norma 43 has 11, 22, 23, 24, 33 and 88)`);
    }
  }
  if (account) throw new StatementRefused(lines.length, `The file ends inside the account opened on line ${account.line} (no totals record 33)`);
  if (!ended) throw new StatementRefused(lines.length, 'The file has no end-of-file record 88');
  return { accounts, movements, rejected: [] };
}

export const norma43Importer: StatementImporter = {
  name: 'norma43',
  description: 'Norma 43 (AEB/CSB Cuaderno 43) account statements, ISO-8859-1 or UTF-8',
  detect: (head) => /^(\xEF\xBB\xBF)?11\d{18}\d{12}[12]\d{14}/.test(head),
  parse: (bytes) => parseNorma43(bytes),
};
