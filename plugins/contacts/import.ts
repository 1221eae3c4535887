import { PayloadTooLarge, ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { asWritten, headingKey, tableFileRows, TableFileUnreadable, type TextRow } from '../../lib/table-file';
import { ISO_COUNTRY_CODES } from '../taxes/api';
import { Contact } from './entities';
import type { ContactKind } from './filters';
import { ACCOUNT_GROUP_KIND, CONTACT_IMPORT_LAYOUTS, KIND_WORDS, LAYOUT_NAMES, type ContactImportLayout, type ImportField, type LayoutName } from './import-layouts';
import { ContactService, type ContactInput } from './service';
import { nameSortKey } from './sort-key';
import { checkedBic, checkedCountry, checkedIban, checkedTaxNumber } from './validation';

export const MAX_CONTACT_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_CONTACT_ROWS = 20_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest text each field takes (ContactCreate's limits). */
const MAX_LENGTH: Partial<Record<ImportField, number>> = {
  name: 200, legal_name: 200, email: 254, phone: 50, address: 300, city: 100, postal_code: 20, province: 100, notes: 5000, external_id: 100, external_source: 32,
};

/** How a yes/no cell is written: Cuadra's export writes true/false (CSV) or a boolean cell (XLSX, read as true/false). */
const YES_NO: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, si: true, yes: true, no: false, x: true, verdadero: true, falso: false };

/** Errors listed in a 422 at most (the rest are not shown, as the journal import). */
const MAX_ERRORS = 200;

/** Country names as Holded and ContaPlus write them (Spanish or English), to ISO codes. */
const COUNTRY_BY_NAME: Map<string, string> = (() => {
  const names = new Map<string, string>();
  for (const locale of ['en', 'es']) {
    const display = new Intl.DisplayNames([locale], { type: 'region' });
    for (const code of ISO_COUNTRY_CODES) {
      const name = display.of(code);
      if (name && name !== code) names.set(headingKey(name), code);
    }
  }
  return names;
})();

export interface ContactImportOptions { file: File; layout?: LayoutName | 'auto'; kind?: ContactKind; dry_run?: boolean | string }

export interface ContactImportResult {
  layout: LayoutName;
  dry_run: boolean;
  rows: number;
  created: number;
  created_ids: string[];
  duplicates: { line: number; vat: string | null; name: string; reason: 'in_file' | 'existing'; contact_id: string | null; first_line: number | null }[];
  skipped: { line: number; reason: string }[];
}

interface Candidate { line: number; input: ContactInput & { kind: ContactKind; name: string } }

/** The layout named, or the one whose own headings the file has most of (generic when none). */
function layoutOf(headings: Set<string>, asked: LayoutName | 'auto' | undefined): LayoutName {
  if (asked && asked !== 'auto') return asked;
  let best: LayoutName = 'generic', score = 0;
  for (const name of LAYOUT_NAMES) {
    const found = CONTACT_IMPORT_LAYOUTS[name].signature.filter((h) => headings.has(headingKey(h))).length;
    if (found > score) { best = name; score = found; }
  }
  return best;
}

/** For each field, the columns that carry it, in the layout's order of preference. */
function columnsOf(layout: ContactImportLayout, header: string[]): Map<ImportField, number[]> {
  const position = new Map<string, number>();
  header.forEach((heading, i) => { const key = headingKey(heading); if (key && !position.has(key)) position.set(key, i); });
  const columns = new Map<ImportField, number[]>();
  for (const [field, headings] of Object.entries(layout.columns) as [ImportField, string[]][]) {
    const found = [...new Set(headings.map(headingKey))].filter((h) => position.has(h)).map((h) => position.get(h)!);
    if (found.length) columns.set(field, found);
  }
  return columns;
}

/** Reads and checks every row; 422 naming every bad row (nothing is written). */
function readCandidates(rows: TextRow[], layoutName: LayoutName, defaultKind: ContactKind) {
  const layout = CONTACT_IMPORT_LAYOUTS[layoutName];
  const [header, ...body] = rows;
  if (!header) throw ValidationFailed.field(['body', 'file'], 'The file is empty', 'value_error.empty');
  const columns = columnsOf(layout, header.cells);
  if (!columns.has('name') && !columns.has('legal_name')) {
    throw ValidationFailed.field(['body', 'file'], `The header has no name column for the ${layoutName} layout (docs/domain/contacts-import.md)`, 'value_error.columns');
  }
  if (body.length > MAX_CONTACT_ROWS) throw new PayloadTooLarge(`A contacts file may have at most ${MAX_CONTACT_ROWS} rows`);
  const errors: FieldError[] = [];
  const candidates: Candidate[] = [];
  const skipped: ContactImportResult['skipped'] = [];
  for (const { line, cells } of body) {
    // a row of nothing but delimiters (;;;;), as spreadsheets leave below the data, is no contact
    if (cells.every((cell) => cell.trim() === '')) continue;
    const value = (field: ImportField): string => {
      for (const i of columns.get(field) ?? []) { const text = asWritten(cells[i] ?? '').trim(); if (text) return text; }
      return '';
    };
    const fail = (field: string, msg: string, type = 'value_error') => errors.push({ loc: ['body', 'file', line, field], msg: `Line ${line}: ${msg}`, type });
    const checked = <T>(field: string, check: () => T): T | null => {
      try { return check(); } catch (error) {
        if (!(error instanceof ValidationFailed)) throw error;
        for (const e of error.errors) fail(field, e.msg, e.type);
        return null;
      }
    };
    let kind = defaultKind;
    const account = value('account').replace(/\D/g, '');
    if (columns.has('account')) {
      const byGroup = ACCOUNT_GROUP_KIND[account.slice(0, 2)];
      if (!byGroup) { skipped.push({ line, reason: `sub-account ${account || '(none)'} is not of a customer or supplier group (40, 41, 43, 44)` }); continue; }
      kind = byGroup;
    }
    const kindText = value('kind');
    if (kindText) {
      const word = KIND_WORDS[headingKey(kindText).split(' ')[0]];
      if (word) kind = word;
      else if (layoutName === 'generic') fail('kind', `kind "${kindText}" is not customer or supplier`, 'value_error.kind');
    }
    const name = value('name') || value('legal_name');
    if (!name) { fail('name', 'no name', 'value_error.missing'); continue; }
    for (const field of Object.keys(MAX_LENGTH) as ImportField[]) {
      const text = field === 'name' ? name : value(field);
      if (text.length > MAX_LENGTH[field]!) fail(field, `${field} is longer than ${MAX_LENGTH[field]} characters`, 'value_error.too_long');
    }
    const countryText = value('country');
    const country = countryText
      ? checked('country', () => checkedCountry(countryText.length === 2 ? countryText : COUNTRY_BY_NAME.get(headingKey(countryText)) ?? countryText, ['country']))
      : 'ES';
    const vatText = value('vat');
    const vat = vatText && country ? checked('vat', () => checkedTaxNumber(vatText, country, ['vat'])) : null;
    const email = value('email').split(/[,;]/)[0].trim();
    if (email && !EMAIL.test(email)) fail('email', `email "${email}" is not an address`, 'value_error.email');
    const ibanText = value('iban'), bicText = value('bic');
    const iban = ibanText ? checked('iban', () => checkedIban(ibanText, ['iban'])) : null;
    const bic = bicText ? checked('bic', () => checkedBic(bicText, ['bic'])) : null;
    const customerType = value('customer_type');
    if (customerType && customerType !== 'business' && customerType !== 'individual') fail('customer_type', 'customer_type is business or individual', 'value_error.customer_type');
    const bothText = value('customer_and_supplier');
    const both = bothText ? YES_NO[headingKey(bothText)] : false;
    if (both === undefined) fail('customer_and_supplier', `customer_and_supplier "${bothText}" is neither true nor false`, 'value_error.boolean');
    const externalId = layout.source ? (value('external_id') || account) : value('external_id');
    // the generic layout keeps the source a contact was exported with (holded, contaplus, …); without one, `import`
    const externalSource = layout.source ?? (externalId ? value('external_source') || 'import' : null);
    candidates.push({
      line,
      input: {
        kind, name, legal_name: value('legal_name') || null, country: country ?? 'ES', vat: vat?.vat ?? null,
        email: email || null, phone: value('phone') || null, address: value('address') || null, city: value('city') || null,
        postal_code: value('postal_code') || null, province: value('province') || null, iban, bic, notes: value('notes') || null,
        ...(customerType ? { customer_type: customerType as 'business' | 'individual' } : {}),
        ...(both ? { customer_and_supplier: true } : {}),
        external_source: externalSource, external_id: externalId || null,
      },
    });
  }
  if (errors.length) throw new ValidationFailed(errors.slice(0, MAX_ERRORS));
  return { candidates, skipped };
}

/** The keys a contact is the same one by: its tax number; without one, its external key, else its folded name. */
const keyOf = (input: Pick<ContactInput, 'vat' | 'external_source' | 'external_id' | 'name'>): string =>
  input.vat ? `vat ${input.vat}` : input.external_id ? `ext ${input.external_source} ${input.external_id}` : `name ${nameSortKey(input.name ?? '')}`;

/**
 * POST /contacts/import: a CSV or XLSX file of contacts, in Cuadra's own columns or those of
 * Holded's or ContaPlus's exports. Every row is checked first (422 naming each bad row, nothing
 * written); a row whose tax number (else external key, else name) is already in the company or
 * earlier in the file is reported, not created again, so the same file twice creates once.
 * `dry_run` reports the same without writing.
 */
export async function importContacts(tx: Tx, options: ContactImportOptions): Promise<ContactImportResult> {
  if (options.file.size > MAX_CONTACT_FILE_BYTES) throw new PayloadTooLarge(`A contacts file may be at most ${MAX_CONTACT_FILE_BYTES} bytes`);
  const dryRun = options.dry_run === true || options.dry_run === 'true';
  let rows: TextRow[];
  try {
    rows = tableFileRows(new Uint8Array(await options.file.arrayBuffer()), MAX_CONTACT_FILE_BYTES * 8);
  } catch (error) {
    if (error instanceof TableFileUnreadable) throw ValidationFailed.field(['body', 'file'], error.message, 'value_error.file');
    throw error;
  }
  const layout = layoutOf(new Set((rows[0]?.cells ?? []).map(headingKey)), options.layout);
  const { candidates, skipped } = readCandidates(rows, layout, options.kind ?? 'customer');

  // one import at a time per company: a concurrent upload of the same file waits and then finds these contacts
  await tx.sql(`select pg_advisory_xact_lock(hashtext('cuadra_contacts_import'), hashtext(:tenant::text))`, {});
  const vats = [...new Set(candidates.map((c) => c.input.vat).filter((v): v is string => !!v))];
  const externals = candidates.filter((c) => c.input.external_id);
  const names = [...new Set(candidates.filter((c) => !c.input.vat && !c.input.external_id).map((c) => nameSortKey(c.input.name)))];
  const existing = new Map<string, string>();
  const remember = (contacts: Contact[]) => {
    for (const c of contacts) {
      const key = keyOf({ vat: c.vat, external_source: c.externalSource, external_id: c.externalId, name: c.name });
      if (!existing.has(key)) existing.set(key, c.id);
      if (c.externalSource && c.externalId) existing.set(`ext ${c.externalSource} ${c.externalId}`, c.id);
    }
  };
  if (vats.length) remember(await tx.em.find(Contact, { vat: { $in: vats } }, { orderBy: { createdAt: 'asc', id: 'asc' } }));
  if (externals.length) {
    remember(await tx.em.find(Contact, { $or: [...new Set(externals.map((c) => c.input.external_source!))].map((source) => ({
      externalSource: source, externalId: { $in: externals.filter((c) => c.input.external_source === source).map((c) => c.input.external_id!) },
    })) }));
  }
  if (names.length) remember(await tx.em.find(Contact, { vat: null, nameKey: { $in: names } }, { orderBy: { createdAt: 'asc', id: 'asc' } }));
  // a row with a tax number whose external key another contact holds is that contact too
  const externalOwner = (input: ContactInput) => (input.external_id ? existing.get(`ext ${input.external_source} ${input.external_id}`) : undefined);

  const firstLine = new Map<string, number>();
  const duplicates: ContactImportResult['duplicates'] = [];
  const fresh: Candidate[] = [];
  for (const candidate of candidates) {
    const key = keyOf(candidate.input);
    const found = existing.get(key) ?? externalOwner(candidate.input);
    const base = { line: candidate.line, vat: candidate.input.vat ?? null, name: candidate.input.name };
    if (found) { duplicates.push({ ...base, reason: 'existing', contact_id: found, first_line: null }); continue; }
    const earlier = firstLine.get(key) ?? (candidate.input.external_id ? firstLine.get(`ext ${candidate.input.external_source} ${candidate.input.external_id}`) : undefined);
    if (earlier !== undefined) { duplicates.push({ ...base, reason: 'in_file', contact_id: null, first_line: earlier }); continue; }
    firstLine.set(key, candidate.line);
    if (candidate.input.external_id) firstLine.set(`ext ${candidate.input.external_source} ${candidate.input.external_id}`, candidate.line);
    fresh.push(candidate);
  }
  const created = dryRun || !fresh.length ? [] : await ContactService.createMany(tx, fresh.map((c) => c.input));
  return { layout, dry_run: dryRun, rows: rows.length - 1, created: dryRun ? fresh.length : created.length, created_ids: created.map((c) => c.id), duplicates, skipped };
}
