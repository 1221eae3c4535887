/**
 * Builds Norma 43 files record by record from the layout (docs/domain/norma-43.md): positions,
 * widths, zero-padded amounts with two implied decimals, D/H keys. Totals (record 33) and the
 * record count (88) are computed unless a test overrides them to break the file.
 */
export interface N43Movement {
  date: string; // YYMMDD
  valueDate?: string;
  common?: string; // concepto común, 2 digits
  own?: string; // concepto propio, 3 digits
  /** cents, signed: negative is a debit (D/H 1), positive or zero a credit unless `debit` is set */
  cents: number;
  debit?: boolean;
  office?: string;
  document?: string;
  ref1?: string;
  ref2?: string;
  /** record 23 lines: [code, concept1, concept2] */
  concepts?: [string, string, string?][];
  /** record 24: [currency numeric, cents] */
  equivalence?: [string, number];
}

export interface N43Account {
  bank: string; branch: string; account: string;
  start: string; end: string;
  openingCents?: number;
  currency?: string;
  modalidad?: string;
  name?: string;
  movements: N43Movement[];
  /** overrides of record 33 to break the file */
  totals?: Partial<{ debits: number; debitCents: number; credits: number; creditCents: number; closingCents: number }>;
}

const num = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');
const text = (s: string, width: number) => s.padEnd(width, ' ').slice(0, width);

export function norma43(accounts: N43Account[], options: { count?: number; trimLines?: boolean } = {}): string {
  const lines: string[] = [];
  for (const a of accounts) {
    const opening = a.openingCents ?? 0;
    lines.push(`11${a.bank}${a.branch}${a.account}${a.start}${a.end}${opening < 0 ? '1' : '2'}${num(opening, 14)}${a.currency ?? '978'}${a.modalidad ?? '3'}${text(a.name ?? 'EMPRESA DE PRUEBAS SL', 26)}   `);
    let debits = 0, credits = 0, debitCents = 0, creditCents = 0;
    for (const m of a.movements) {
      const isDebit = m.debit ?? m.cents < 0;
      if (isDebit) { debits++; debitCents += Math.abs(m.cents); } else { credits++; creditCents += Math.abs(m.cents); }
      lines.push(`22    ${m.office ?? '0418'}${m.date}${m.valueDate ?? m.date}${m.common ?? '99'}${m.own ?? '000'}${isDebit ? '1' : '2'}${num(m.cents, 14)}${text(m.document ?? '0000000000', 10)}${text(m.ref1 ?? '000000000000', 12)}${text(m.ref2 ?? '', 16)}`);
      for (const [code, c1, c2] of m.concepts ?? []) lines.push(`23${code}${text(c1, 38)}${text(c2 ?? '', 38)}`);
      if (m.equivalence) lines.push(`2401${m.equivalence[0]}${num(m.equivalence[1], 14)}${' '.repeat(59)}`);
    }
    const t = a.totals ?? {};
    const closing = t.closingCents ?? opening + creditCents - debitCents;
    lines.push(`33${a.bank}${a.branch}${a.account}${num(t.debits ?? debits, 5)}${num(t.debitCents ?? debitCents, 14)}${num(t.credits ?? credits, 5)}${num(t.creditCents ?? creditCents, 14)}${closing < 0 ? '1' : '2'}${num(closing, 14)}${a.currency ?? '978'}    `);
  }
  lines.push(`88${'9'.repeat(18)}${num(options.count ?? lines.length, 6)}${' '.repeat(54)}`);
  for (const line of lines) if (line.length !== 80) throw new Error(`builder made a ${line.length}-character record: ${line}`);
  return (options.trimLines ? lines.map((l) => l.trimEnd()) : lines).join('\r\n') + '\r\n';
}

/** The worked example: 3 debits (0.03 + 178.30 + 0.00) and 1 credit (280.29) from 0 → 101.96. */
export const WORKED_EXAMPLE: N43Movement[] = [
  { date: '260105', common: '17', own: '001', cents: -3, concepts: [['01', 'COMISION MANTENIMIENTO', '']] },
  { date: '260107', common: '03', own: '120', cents: -17830, document: '0000012345', concepts: [['01', 'SUMINISTROS ELECTRICOS SA', ''], ['02', 'RECIBO FACTURA 2026-0007', 'B12345674']] },
  { date: '260110', common: '99', cents: 0, debit: true },
  { date: '260112', common: '04', own: '030', cents: 28029, ref2: 'F-2026-000001', concepts: [['01', 'TRANSFERENCIA DE CLIENTE EJEMPLO SL', ''], ['02', 'PAGO FACTURA F-2026-000001', '']] },
];
