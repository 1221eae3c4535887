import { Unprocessable } from '../../kernel/errors';
import { dec } from './boxes';
import type { RenderedFile, RenderInput } from './contract';

/**
 * Fixed-width records (the informative returns' "diseños de registro": 349, 347, 190…) as data: a
 * record is a list of fields, each naming its first position as the design prints it, and the
 * renderer pads each value as its kind says. A model keeps one file per design (one tax year or a
 * run of years) and checks it with `layoutProblems`.
 */

export type FieldKind =
  /** Fixed text (the field's `name`). */
  | 'constant'
  /** Alphanumeric: left-aligned, blank-padded, upper case without accents. */
  | 'alpha'
  /** Numeric: right-aligned, zero-padded. */
  | 'numeric'
  /** Money without sign: right-aligned, zero-padded, the last two positions the cents. */
  | 'amount'
  /** Money with sign: the first position `N` when negative, else blank; then as `amount`. */
  | 'signed'
  /** Money with sign as the self-assessment pages write it: `N` and one digit fewer when negative, else every position a digit. */
  | 'signedN'
  | 'blank';

export interface DesignField {
  /** First position (1-based), as the design prints it. */
  position: number;
  length: number;
  kind: FieldKind;
  /** The value's name in the record (what the renderer fills), or the constant's text. */
  name: string;
  label: string;
}

export const field = (position: number, length: number, kind: FieldKind, name: string, label: string): DesignField => ({ position, length, kind, name, label });

/** A record design of an informative return: the tax years it serves (the first day of the first, the last day of the last) and its records' length. */
export interface RecordsDesign { version: string; from: string; to: string; length: number }

/** Positions 1–17 of every record of an informative return (347, 190, 180…): record type, model, year, the declarant's NIF. */
export const informativeHead = (model: string, type: '1' | '2'): DesignField[] => [
  field(1, 1, 'constant', type, 'Tipo de registro'),
  field(2, 3, 'constant', model, 'Modelo declaración'),
  field(5, 4, 'numeric', 'year', 'Ejercicio'),
  field(9, 9, 'alpha', 'declarantTaxId', 'NIF del declarante'),
];

/** Positions 18–135 of an informative return's type 1 record (347, 190, 180): the declarant, the person to contact, the declaration's numbers. */
export const informativeDeclarant: readonly DesignField[] = [
  field(18, 40, 'alpha', 'declarantName', 'Apellidos y nombre, razón social o denominación del declarante'),
  field(58, 1, 'alpha', 'mediaType', 'Tipo de soporte'),
  // numeric in the 347's, 190's and 180's designs alike: zeros when there is no phone
  field(59, 9, 'numeric', 'contactPhone', 'Persona con quién relacionarse: teléfono'),
  field(68, 40, 'alpha', 'contactName', 'Persona con quién relacionarse: apellidos y nombre'),
  field(108, 13, 'numeric', 'declarationId', 'Número identificativo de la declaración'),
  field(121, 1, 'alpha', 'complementary', 'Declaración complementaria'),
  field(122, 1, 'alpha', 'substitute', 'Declaración sustitutiva'),
  field(123, 13, 'numeric', 'previousDeclarationId', 'Número identificativo de la declaración anterior'),
];

/**
 * Alphanumeric text as the designs admit it (the informative returns' record designs and the
 * self-assessment files alike): upper case, without accented vowels or special characters; of
 * ISO-8859-1 beyond ASCII only Ñ and Ç. So accents are removed (Ñ and Ç kept), an apostrophe
 * written as an accent or a typographic quote (´ ` ’ ‘, "D´Angelo") becomes the plain apostrophe,
 * and any other character a blank. docs/domain/tax-models.md §1.4.
 */
export function aeatText(value: string): string {
  return value.toUpperCase().replace(/[´`’‘]/g, "'").replace(/Ñ/g, '\u0000').replace(/Ç/g, '\u0001').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0000/g, 'Ñ').replace(/\u0001/g, 'Ç').replace(/[^A-Z0-9 .,\-_&'\\:;/()ÑÇ]/g, ' ');
}

function digitsOf(field: DesignField, value: string | number | undefined, width: number, signed: boolean): { negative: boolean; digits: string } {
  const units = dec(String(value ?? '0')).rescale(2).units;
  if (units < 0n && !signed) throw new Unprocessable(`${field.label} is negative (${value}): the design admits no sign`);
  const digits = (units < 0n ? -units : units).toString();
  if (digits.length > width) throw new Unprocessable(`${field.label} (${value}) does not fit the record design`);
  return { negative: units < 0n, digits: digits.padStart(width, '0') };
}

/** One field's text: refused (422) when a value does not fit. */
function fieldText(field: DesignField, values: Record<string, string | number>): string {
  switch (field.kind) {
    case 'constant': return field.name;
    case 'blank': return ' '.repeat(field.length);
    case 'alpha': return aeatText(String(values[field.name] ?? '')).slice(0, field.length).padEnd(field.length, ' ');
    case 'numeric': {
      const digits = String(values[field.name] ?? '0');
      if (!/^\d+$/.test(digits) || digits.length > field.length) throw new Unprocessable(`${field.label} (${digits}) does not fit the record design`);
      return digits.padStart(field.length, '0');
    }
    case 'amount': return digitsOf(field, values[field.name], field.length, false).digits;
    case 'signed': {
      const { negative, digits } = digitsOf(field, values[field.name], field.length - 1, true);
      return (negative ? 'N' : ' ') + digits;
    }
    case 'signedN': {
      const negative = dec(String(values[field.name] ?? '0')).rescale(2).units < 0n;
      return negative ? 'N' + digitsOf(field, values[field.name], field.length - 1, true).digits : digitsOf(field, values[field.name], field.length, false).digits;
    }
  }
}

/** A record of the design from its values (by field name; a missing value is blank, zero or zero amount). */
export function record(fields: readonly DesignField[], values: Record<string, string | number>): string {
  return fields.map((field) => fieldText(field, values)).join('');
}

/**
 * What is wrong with a record design: a field that does not start where the one before ends, a
 * constant whose text is not its length, a total other than `length`. Empty when the design holds.
 */
export function layoutProblems(fields: readonly DesignField[], length: number): string[] {
  const problems: string[] = [];
  let position = 1;
  for (const field of fields) {
    if (field.position !== position) problems.push(`${field.label}: at ${field.position}, expected ${position}`);
    if (field.kind === 'constant' && field.name.length !== field.length) problems.push(`${field.label}: constant "${field.name}" is not ${field.length} long`);
    position = field.position + field.length;
  }
  if (position - 1 !== length) problems.push(`the record ends at ${position - 1}, not ${length}`);
  return problems;
}

/** The province code of a Spanish postal code (its first two digits, 01–52), as the records name a person's province; null when it is not one. */
export function provinceOf(postalCode: string | null | undefined): string | null {
  const code = postalCode?.trim().match(/^(\d{2})\d{3}$/)?.[1];
  return code && Number(code) >= 1 && Number(code) <= 52 ? code : null;
}

/**
 * The province code as the designs that Orden HFP/1284/2023 amended list it (the 180's from the
 * 2023 tax year): `provinceOf`, except that the Isla de La Palma has its own code, 53, instead of
 * Santa Cruz de Tenerife's 38. The island's postal codes are 38700–38799.
 */
export function provinceOrLaPalmaOf(postalCode: string | null | undefined): string | null {
  const province = provinceOf(postalCode);
  return province === '38' && postalCode!.trim().startsWith('387') ? '53' : province;
}

/** A Spanish tax id as the records take it: nine characters, without the ES prefix of a VAT number. */
export const recordNif = (taxId: string): string => (/^ES[0-9A-Z]{9}$/i.test(taxId) ? taxId.slice(2) : taxId).toUpperCase();

/** The file of an informative return: its records separated by CRLF, in ISO-8859-1. */
export const recordsFile = (records: readonly string[], filename: string): RenderedFile =>
  ({ body: new Uint8Array(Buffer.from(records.join('\r\n'), 'latin1')), contentType: 'text/plain; charset=iso-8859-1', filename });

/**
 * "NIF empresa desarrollo" of a pre-declaration's `<AUX>` block: the Spanish NIF of the software's
 * producer as the deployment configures it (lib/software-producer.ts); blank, as the designs allow,
 * while none is configured or when the producer has no Spanish NIF.
 */
export const developerTaxId = ({ producer }: Pick<RenderInput, 'producer'>): string =>
  (producer.configured && !producer.foreign ? producer.taxId : '').padEnd(9, ' ').slice(0, 9);

/**
 * A self-assessment's pre-declaration file (the "DR" format the tax agency's online forms import:
 * 303, 115, 130…): one ISO-8859-1 byte string without line breaks, `<T{model}0{year}{period}0000>`,
 * the `<AUX>` block (program version, developer's NIF), the pages as given, and the closing tag.
 */
export function preDeclarationFile(input: Pick<RenderInput, 'model' | 'period' | 'company' | 'producer'>, pages: readonly string[]): RenderedFile {
  const tag = `T${input.model.code}0${input.period.year}${input.period.code}0000`;
  const aux = `<AUX>${' '.repeat(70)}CUAD${' '.repeat(4)}${developerTaxId(input)}${' '.repeat(213)}</AUX>`;
  const content = `<${tag}>${aux}${pages.join('')}</${tag}>`;
  return { body: new Uint8Array(Buffer.from(content, 'latin1')), contentType: 'text/plain; charset=iso-8859-1', filename: `${recordNif(input.company.taxId)}${input.period.year}${input.period.code}.${input.model.code}` };
}
