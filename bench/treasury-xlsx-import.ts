/**
 * An .xlsx bank statement of --movements rows (100,000 by default) imported end to end into one
 * treasury: multipart upload through the app (`POST /treasuries/{id}/import`, in process),
 * detection, the workbook read, header found below a preamble, Spanish columns guessed, the balance
 * column checked row by row, fingerprints, duplicate check, the insert and one journal entry per
 * booking day, commit. Target ≥ 20,000 movements/s.
 *
 * Baselines, in the same run on the same machine: exceljs (the library the service writes its
 * workbooks with) only loading the same file, nothing else; and the same rows as a CSV statement
 * imported through the same route (the same pipeline without the workbook).
 *
 * Run: .tools/node_modules/.bin/bun bench/treasury-xlsx-import.ts [--movements 100000] [--days 90] [--rounds 3]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 */
import { createCompany } from './support'; // sets the backend (BENCH_DB) before the test support loads

const { startDocumentsApp } = await import('../test/support/documents');
const { default: ExcelJS } = await import('exceljs');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const MOVEMENTS = Number(option('movements', '100000'));
const DAYS = Number(option('days', '90'));
const ROUNDS = Number(option('rounds', '3'));

const HEADER = ['Fecha Operación', 'Fecha Valor', 'Concepto', 'Importe', 'Saldo'];

/** The rows of a statement, oldest first: amounts in cents (kept as integers), the balance running. */
function* statementRows(seed: number) {
  let balanceCents = 0;
  for (let i = 0; i < MOVEMENTS; i++) {
    const cents = (100 + ((i * 7919 + seed) % 250_000)) * (i % 3 === 0 ? -1 : 1);
    balanceCents += cents;
    yield { day: new Date(Date.UTC(2026, 0, 1 + Math.floor((i * DAYS) / MOVEMENTS))), text: `TRANSFERENCIA CLIENTE ${i % 997} FRA 2026-${String(i).padStart(6, '0')}`, cents, balanceCents };
  }
}

const euros = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The statement as a bank's workbook: a preamble of account data, the header, real Excel dates and numbers. */
async function workbookFile(seed: number): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Movimientos');
  sheet.addRow(['Consulta de movimientos']);
  sheet.addRow(['Cuenta:', 'ES91 2100 0418 4502 0005 1332']);
  sheet.addRow([]);
  sheet.addRow(HEADER);
  for (const row of statementRows(seed)) {
    // a number cell holds the bank's two-decimal figure; written from its decimal text
    const added = sheet.addRow([row.day, row.day, row.text, Number(euros(row.cents)), Number(euros(row.balanceCents))]);
    added.getCell(1).numFmt = 'dd/mm/yyyy';
    added.getCell(2).numFmt = 'dd/mm/yyyy';
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The same rows as a Spanish CSV export. */
function csvFile(seed: number): Uint8Array {
  const spanish = (cents: number) => euros(cents).replace('.', ',');
  const date = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const lines = ['Consulta de movimientos', 'Cuenta:;ES91 2100 0418 4502 0005 1332', '', HEADER.join(';')];
  for (const row of statementRows(seed)) lines.push(`${date(row.day)};${date(row.day)};${row.text};${spanish(row.cents)};${spanish(row.balanceCents)}`);
  return new TextEncoder().encode(lines.join('\r\n') + '\r\n');
}

const app = await startDocumentsApp({ unlimited: true });
try {
  const company = await createCompany(app);
  const rate = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en')}/s`;
  const importOf = async (name: string, file: Uint8Array, fileName: string) => {
    const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name }, company.token)).body;
    const form = new FormData();
    form.append('file', new File([file], fileName));
    const started = performance.now();
    const res = await app.request('POST', `/api/v1/treasuries/${treasury.id}/import`, { token: company.token, form });
    const elapsed = performance.now() - started;
    if (res.status !== 200 || res.body.imported !== MOVEMENTS || res.body.balance_differences.length) throw new Error(`${fileName}: ${res.status} ${res.text.slice(0, 500)}`);
    await app.post(`/api/v1/treasuries/${treasury.id}/archive`, undefined, company.token);
    return elapsed;
  };
  console.log(`treasury XLSX import — ${navigator.hardwareConcurrency} cores, ${app.kernel.db.kind}, ${MOVEMENTS.toLocaleString('en')} movements over ${DAYS} days, ${ROUNDS} rounds`);
  for (let round = 0; round < ROUNDS; round++) {
    const xlsx = await workbookFile(round + 1);
    const csv = csvFile(round + 1);
    const xlsxMs = await importOf(`XLSX ${round}`, xlsx, 'movimientos.xlsx');
    const started = performance.now();
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(xlsx as unknown as ArrayBuffer);
    const exceljsMs = performance.now() - started;
    if (loaded.worksheets[0].rowCount !== MOVEMENTS + 4) throw new Error('exceljs read another file');
    const csvMs = await importOf(`CSV ${round}`, csv, 'movimientos.csv');
    console.log(`round ${round + 1}: XLSX import ${xlsxMs.toFixed(0)} ms (${rate(MOVEMENTS, xlsxMs)}); `
      + `exceljs loading the same file alone ${exceljsMs.toFixed(0)} ms (${rate(MOVEMENTS, exceljsMs)}): import / exceljs ${(xlsxMs / exceljsMs).toFixed(2)}×; `
      + `CSV import of the same rows ${csvMs.toFixed(0)} ms (${rate(MOVEMENTS, csvMs)}): XLSX / CSV ${(xlsxMs / csvMs).toFixed(2)}×; `
      + `files ${(xlsx.length / 1024 / 1024).toFixed(1)} MiB xlsx, ${(csv.length / 1024 / 1024).toFixed(1)} MiB csv`);
  }
} finally {
  await app.close();
}
