import type { Logger } from '../../kernel/logger';
import { Decimal } from '../../kernel/money';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { streamTable, type ExportFormat, type TableColumn } from '../../lib/table-export/stream';
import { BookPages, isIsoDate, LedgerService, type BookLine, type BookRange } from '../ledger/api';
import { ValidationFailed } from '../../kernel/errors';
import { TenantService } from '../tenants/api';

/**
 * The official books (Código de Comercio arts. 25–28): the Libro Diario, the Libro Mayor and the
 * Sumas y Saldos of any period, as PDF, XLSX or CSV, streamed: pages of the journal are read in
 * short transactions as the client takes the file, so a year of a million lines never sits in
 * memory. Every book ends with its totals, which equal the trial balance's.
 */
export interface BookRequest { from?: string; to?: string; format: ExportFormat }

const JOURNAL_ENTRIES_PER_PAGE = 1000;
/** The books show the journal as it is: the year-end entries (regularisation, closing, opening) included. */
const EVERY_ENTRY: readonly string[] = [];
const LEDGER_LINES_PER_PAGE = 2000;
/** Long books: a full collection every 4 MiB written keeps the process's memory flat (lib/table-export/stream.ts). */
const COLLECT_EVERY_BYTES = 4 << 20;

const zero = () => Decimal.zero(2);
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const periodText = (request: { from?: string; to?: string }) =>
  request.from && request.to ? `del ${request.from} al ${request.to}` : request.from ? `desde el ${request.from}` : request.to ? `hasta el ${request.to}` : 'completo';

interface Start { company: string; nif: string | null; range: BookRange }

async function start(tx: Tx, request: { from?: string; to?: string }): Promise<Start> {
  const invalid = (['from', 'to'] as const).filter((k) => request[k] !== undefined && !isIsoDate(request[k]));
  if (invalid.length) throw new ValidationFailed(invalid.map((k) => ({ loc: ['query', k], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error.date' })));
  if (request.from && request.to && request.from > request.to) throw ValidationFailed.field(['query', 'from'], '"from" is after "to"', 'value_error.date');
  const tenant = await TenantService.current(tx);
  return { company: tenant.name, nif: tenant.taxId ?? null, range: { from: request.from, to: request.to, upTo: await BookPages.lastNumber(tx) } };
}

const heading = (book: string, sheet: string, first: Start, request: BookRequest, generatedAt: Date) => ({
  title: `${book} - ${first.company}`,
  subtitle: `${first.nif ? `NIF ${first.nif} · ` : ''}Periodo ${periodText(request)} · generado el ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  sheet, generatedAt,
});

// ------------------------------------------------------------------------------------------------
// Libro Diario
// ------------------------------------------------------------------------------------------------

type JournalRow = BookLine & { first_line: boolean };

const JOURNAL_COLUMNS: TableColumn<JournalRow>[] = [
  { key: 'number', label: 'Asiento', type: 'string', width: 9, display: (r) => (r.first_line ? String(r.number) : '') },
  { key: 'date', label: 'Fecha', type: 'string', width: 11, display: (r) => (r.first_line ? r.date : '') },
  { key: 'account', label: 'Cuenta', type: 'string', width: 12 },
  { key: 'account_name', label: 'Nombre de la cuenta', type: 'string', width: 34 },
  { key: 'description', label: 'Concepto', type: 'string', width: 40 },
  { key: 'debit', label: 'Debe', type: 'amount', width: 14 },
  { key: 'credit', label: 'Haber', type: 'amount', width: 14 },
];

export async function journalBook(uow: UnitOfWork, logger: Logger, request: BookRequest): Promise<Response> {
  const generatedAt = new Date();
  const first = await uow.report(async (tx) => {
    const opened = await start(tx, request);
    return { ...opened, page: await BookPages.journal(tx, opened.range, null, JOURNAL_ENTRIES_PER_PAGE) };
  });
  return streamTable<JournalRow>({
    format: request.format, columns: JOURNAL_COLUMNS, logger, what: 'Libro Diario', filename: `libro-diario-${request.from ?? 'inicio'}-${request.to ?? 'hoy'}`,
    heading: heading('Libro Diario', 'Diario', first, request, generatedAt), collectEveryBytes: COLLECT_EVERY_BYTES,
    async produce(emit) {
      let page = first.page, debit = zero(), credit = zero(), entries = 0;
      let previous: number | null = null;
      while (page.length) {
        const rows = page.map((line) => {
          debit = debit.add(Decimal.parse(line.debit)); credit = credit.add(Decimal.parse(line.credit));
          const firstLine = line.number !== previous;
          if (firstLine) entries += 1;
          previous = line.number;
          return { ...line, first_line: firstLine };
        });
        await emit(rows);
        const last = page[page.length - 1];
        if (new Set(page.map((l) => l.number)).size < JOURNAL_ENTRIES_PER_PAGE) break;
        page = await uow.report((tx) => BookPages.journal(tx, first.range, { date: last.date, number: last.number }, JOURNAL_ENTRIES_PER_PAGE));
      }
      await emit([{
        number: 0, date: '', description: `${entries} asiento${entries === 1 ? '' : 's'}`, source_type: '', line_no: 0, account: '', account_name: 'Total',
        debit: debit.toString(), credit: credit.toString(), first_line: false,
      }], { bold: true });
    },
  });
}

// ------------------------------------------------------------------------------------------------
// Libro Mayor
// ------------------------------------------------------------------------------------------------

interface LedgerRow { account: string; account_name: string; date: string; number: number | null; description: string; debit: string; credit: string; balance: string }

const LEDGER_COLUMNS: TableColumn<LedgerRow>[] = [
  { key: 'account', label: 'Cuenta', type: 'string', width: 12 },
  { key: 'account_name', label: 'Nombre de la cuenta', type: 'string', width: 28 },
  { key: 'date', label: 'Fecha', type: 'string', width: 11 },
  { key: 'number', label: 'Asiento', type: 'string', width: 9 },
  { key: 'description', label: 'Concepto', type: 'string', width: 36 },
  { key: 'debit', label: 'Debe', type: 'amount', width: 14 },
  { key: 'credit', label: 'Haber', type: 'amount', width: 14 },
  { key: 'balance', label: 'Saldo', type: 'amount', width: 14 },
];

export async function ledgerBook(uow: UnitOfWork, logger: Logger, request: BookRequest & { account?: string }): Promise<Response> {
  const generatedAt = new Date();
  const first = await uow.report(async (tx) => {
    const opened = await start(tx, request);
    const opening = request.from ? await LedgerService.totalsByAccount(tx, { to: dayBefore(request.from), excludeSourceTypes: EVERY_ENTRY }) : [];
    const names = new Map((await LedgerService.accountNames(tx)).map((a) => [a.code, a.name]));
    return { ...opened, opening, names, page: await BookPages.ledger(tx, opened.range, null, LEDGER_LINES_PER_PAGE) };
  });
  const matches = (code: string) => !request.account || code.startsWith(request.account);
  // accounts carried into the period, in code order: each one's balance before it starts
  const carried = first.opening.map((r) => ({ account: r.account, balance: r.debit.sub(r.credit) }))
    .filter((r) => !r.balance.isZero() && matches(r.account)).sort((a, b) => (a.account < b.account ? -1 : 1));
  const openingOf = new Map(carried.map((r) => [r.account, r.balance]));

  return streamTable<LedgerRow>({
    format: request.format, columns: LEDGER_COLUMNS, logger, what: 'Libro Mayor', filename: `libro-mayor-${request.from ?? 'inicio'}-${request.to ?? 'hoy'}`,
    heading: heading('Libro Mayor', 'Mayor', first, request, generatedAt), collectEveryBytes: COLLECT_EVERY_BYTES,
    async produce(emit) {
      let debit = zero(), credit = zero();
      let current: { account: string; name: string; balance: Decimal; debit: Decimal; credit: Decimal } | null = null;
      let nextCarried = 0;
      const open = async (account: string) => {
        const name = first.names.get(account) ?? '';
        const balance = openingOf.get(account) ?? zero();
        current = { account, name, balance, debit: zero(), credit: zero() };
        await emit([{ account, account_name: name, date: request.from ?? '', number: null, description: 'Saldo anterior', debit: '', credit: '', balance: balance.toString() }], { bold: true });
      };
      const close = async () => {
        if (!current) return;
        const c: { account: string; name: string; balance: Decimal; debit: Decimal; credit: Decimal } = current;
        await emit([{ account: c.account, account_name: c.name, date: request.to ?? '', number: null, description: 'Total cuenta', debit: c.debit.toString(), credit: c.credit.toString(), balance: c.balance.toString() }], { bold: true });
        current = null;
      };
      // accounts with a balance carried in but no line in the period, up to (not including) `code`
      const carriedBefore = async (code: string | null) => {
        while (nextCarried < carried.length && (code === null || carried[nextCarried].account < code)) {
          const account = carried[nextCarried++].account;
          await open(account);
          await close();
        }
        if (code !== null && carried[nextCarried]?.account === code) nextCarried += 1;
      };
      let page = first.page;
      while (page.length) {
        const rows: LedgerRow[] = [];
        for (const line of page) {
          if (!matches(line.account)) continue;
          if ((current as { account: string } | null)?.account !== line.account) {
            if (rows.length) await emit(rows.splice(0));
            await close();
            await carriedBefore(line.account);
            await open(line.account);
          }
          const c = current!;
          const d = Decimal.parse(line.debit), k = Decimal.parse(line.credit);
          c.debit = c.debit.add(d); c.credit = c.credit.add(k); c.balance = c.balance.add(d).sub(k);
          debit = debit.add(d); credit = credit.add(k);
          rows.push({ account: line.account, account_name: line.account_name, date: line.date, number: line.number, description: line.description, debit: line.debit, credit: line.credit, balance: c.balance.toString() });
        }
        if (rows.length) await emit(rows);
        if (page.length < LEDGER_LINES_PER_PAGE) break;
        const last = page[page.length - 1];
        page = await uow.report((tx) => BookPages.ledger(tx, first.range, { account: last.account, date: last.date, number: last.number, lineNo: last.line_no }, LEDGER_LINES_PER_PAGE));
      }
      await close();
      await carriedBefore(null);
      await emit([{ account: '', account_name: 'Total', date: '', number: null, description: 'Sumas del periodo', debit: debit.toString(), credit: credit.toString(), balance: '' }], { bold: true });
    },
  });
}

// ------------------------------------------------------------------------------------------------
// Sumas y Saldos
// ------------------------------------------------------------------------------------------------

interface TrialRow { account: string; account_name: string; opening: string; debit: string; credit: string; debit_balance: string; credit_balance: string }

const TRIAL_COLUMNS: TableColumn<TrialRow>[] = [
  { key: 'account', label: 'Cuenta', type: 'string', width: 12 },
  { key: 'account_name', label: 'Nombre de la cuenta', type: 'string', width: 40 },
  { key: 'opening', label: 'Saldo inicial', type: 'amount', width: 15 },
  { key: 'debit', label: 'Sumas debe', type: 'amount', width: 15 },
  { key: 'credit', label: 'Sumas haber', type: 'amount', width: 15 },
  { key: 'debit_balance', label: 'Saldo deudor', type: 'amount', width: 15 },
  { key: 'credit_balance', label: 'Saldo acreedor', type: 'amount', width: 15 },
];

/**
 * Sumas y Saldos: per account (or per prefix of `level` digits) the balance before the period, the
 * period's debit and credit sums, and the closing balance as debit or credit. Read from the
 * ledger's maintained monthly balances: one aggregate, however long the journal.
 */
export async function trialBalanceBook(uow: UnitOfWork, logger: Logger, request: BookRequest & { level?: number }): Promise<Response> {
  const generatedAt = new Date();
  const data = await uow.report(async (tx) => {
    const opened = await start(tx, request);
    const period = await LedgerService.totalsByAccount(tx, { from: request.from, to: request.to, level: request.level, excludeSourceTypes: EVERY_ENTRY });
    const before = request.from ? await LedgerService.totalsByAccount(tx, { to: dayBefore(request.from), level: request.level, excludeSourceTypes: EVERY_ENTRY }) : [];
    const names = new Map((await LedgerService.accountNames(tx)).map((a) => [a.code, a.name]));
    return { ...opened, period, before, names };
  });
  const accounts = new Map<string, { opening: Decimal; debit: Decimal; credit: Decimal }>();
  const row = (code: string) => accounts.get(code) ?? accounts.set(code, { opening: zero(), debit: zero(), credit: zero() }).get(code)!;
  for (const r of data.before) row(r.account).opening = r.debit.sub(r.credit);
  for (const r of data.period) Object.assign(row(r.account), { debit: r.debit, credit: r.credit });
  const totals = { opening: zero(), debit: zero(), credit: zero(), debitBalance: zero(), creditBalance: zero() };
  const rows: TrialRow[] = [...accounts].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([account, r]) => {
    const closing = r.opening.add(r.debit).sub(r.credit);
    if (r.opening.isZero() && r.debit.isZero() && r.credit.isZero()) return [];
    totals.opening = totals.opening.add(r.opening); totals.debit = totals.debit.add(r.debit); totals.credit = totals.credit.add(r.credit);
    if (closing.isNegative()) totals.creditBalance = totals.creditBalance.add(closing.negate()); else totals.debitBalance = totals.debitBalance.add(closing);
    return [{
      account, account_name: data.names.get(account) ?? '', opening: r.opening.toString(), debit: r.debit.toString(), credit: r.credit.toString(),
      debit_balance: closing.isNegative() ? '0.00' : closing.toString(), credit_balance: closing.isNegative() ? closing.negate().toString() : '0.00',
    }];
  });
  return streamTable<TrialRow>({
    format: request.format, columns: TRIAL_COLUMNS, logger, what: 'Sumas y Saldos', filename: `sumas-y-saldos-${request.from ?? 'inicio'}-${request.to ?? 'hoy'}`,
    heading: heading('Balance de Sumas y Saldos', 'Sumas y saldos', data, request, generatedAt),
    async produce(emit) {
      for (let i = 0; i < rows.length; i += 1000) await emit(rows.slice(i, i + 1000));
      await emit([{
        account: '', account_name: 'Total', opening: totals.opening.toString(), debit: totals.debit.toString(), credit: totals.credit.toString(),
        debit_balance: totals.debitBalance.toString(), credit_balance: totals.creditBalance.toString(),
      }], { bold: true });
    },
  });
}
