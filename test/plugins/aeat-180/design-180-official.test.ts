/**
 * The 180's record designs as Cuadra writes them, against the tax agency's own "Modelo 180. Diseños
 * de registro": the one of Orden HAP/1732/2014 (pages headed "Ejercicio 2021", tax years 2014–2022)
 * and the one Orden HFP/1284/2023 left (DR_Mod_180_2023, "Ejercicio 2023", still the one published
 * for 2024–2026). Both print the same positions; the 2023 one adds the Isla de La Palma, 53, to the
 * two lists of provinces. The table below is a transcription of those positions: [first position,
 * length, type], a field the design subdivides (the contact person, a signed amount, the address)
 * listed by its parts. Facts only; the designs themselves are not kept in the repository
 * (docs/domain/aeat-130-115-180.md §4 names them).
 */
import { describe, expect, test } from 'bun:test';
import { DESIGN_180_2014, type Design180 } from '../../../plugins/aeat-180/design-2014';
import { DESIGN_180_2023 } from '../../../plugins/aeat-180/design-2023';
import { design180Of, DESIGNS_180, file180 } from '../../../plugins/aeat-180/file';
import type { Line180 } from '../../../plugins/aeat-180/model';
import { layoutProblems, type DesignField, type RenderInput } from '../../../plugins/tax-models/api';

/** Num numeric (right-aligned, zeros), An alphanumeric and A alphabetic (left-aligned, blanks), blank ("Blancos"). */
type OfficialField = [position: number, length: number, type: 'Num' | 'An' | 'A' | 'blank'];

const OFFICIAL_180: Record<'declarant' | 'perceptor', OfficialField[]> = {
  declarant: [
    [1, 1, 'Num'], [2, 3, 'Num'], [5, 4, 'Num'], [9, 9, 'An'], [18, 40, 'An'], [58, 1, 'A'],
    // persona con quién relacionarse: teléfono (numeric, nine positions), apellidos y nombre
    [59, 9, 'Num'], [68, 40, 'An'],
    [108, 13, 'Num'], [121, 1, 'A'], [122, 1, 'A'], [123, 13, 'Num'], [136, 9, 'Num'],
    // base: sign, then the amount (146–158 euros, 159–160 cents)
    [145, 1, 'A'], [146, 15, 'Num'],
    [161, 15, 'Num'], [176, 62, 'blank'],
    // sello electrónico: the tax agency's own programs fill it, every other file leaves it blank
    [238, 263, 'An'],
  ],
  perceptor: [
    [1, 1, 'Num'], [2, 3, 'Num'], [5, 4, 'Num'], [9, 9, 'An'], [18, 9, 'An'], [27, 9, 'An'], [36, 40, 'An'],
    [76, 2, 'Num'], [78, 1, 'Num'],
    // base: sign, then the amount (80–90 euros, 91–92 cents)
    [79, 1, 'A'], [80, 13, 'Num'],
    // % retención: 93–94 whole part, 95–96 decimals
    [93, 4, 'Num'],
    [97, 13, 'Num'], [110, 4, 'Num'], [114, 1, 'Num'], [115, 20, 'An'],
    // dirección del inmueble (alphanumeric, 135–327), by its parts
    [135, 5, 'An'], [140, 50, 'An'], [190, 3, 'An'], [193, 5, 'An'], [198, 3, 'An'], [201, 3, 'An'], [204, 3, 'An'], [207, 3, 'An'],
    [210, 3, 'An'], [213, 3, 'An'], [216, 40, 'An'], [256, 30, 'An'], [286, 30, 'An'], [316, 5, 'An'], [321, 2, 'An'], [323, 5, 'An'],
    [328, 173, 'blank'],
  ],
};

/**
 * What does not match the official fields: each field of ours must be exactly one official field
 * (a constant may cover several, a signed amount is the sign and the amount that follows it), and
 * write it as its type says.
 */
function mismatches(fields: readonly DesignField[], official: readonly OfficialField[]): string[] {
  const problems: string[] = [];
  const index = new Map(official.map((o, i) => [o[0], i]));
  for (const field of fields) {
    const first = index.get(field.position);
    if (first === undefined) { problems.push(`${field.label}: ${field.position} is not where an official field starts`); continue; }
    const covered: OfficialField[] = [];
    for (let i = first; i < official.length && official[i][0] < field.position + field.length; i++) covered.push(official[i]);
    const last = covered.at(-1)!;
    if (last[0] + last[1] !== field.position + field.length) { problems.push(`${field.label}: ends at ${field.position + field.length - 1}, where no official field ends`); continue; }
    const types = covered.map((o) => o[2]).join('+');
    const fits = {
      constant: covered.every((o) => o[2] !== 'blank'),
      numeric: types === 'Num', amount: types === 'Num',
      signed: types === 'A+Num' && covered[0][1] === 1,
      alpha: types === 'An' || types === 'A',
      blank: covered.length === 1 && (types === 'blank' || types === 'An'),
      signedN: false,
    }[field.kind];
    if (!fits) problems.push(`${field.label} (${field.position}): written as ${field.kind}, the design has ${types}`);
  }
  for (const [position] of official) {
    if (!fields.some((f) => f.position <= position && position < f.position + f.length)) problems.push(`${position}: no field of ours`);
  }
  return problems;
}

describe('modelo 180: both record designs, field by field, against the tax agency\'s', () => {
  for (const design of DESIGNS_180) {
    test(`${design.version}: 500 positions, every field one official field of its type`, () => {
      expect(design.length).toBe(500);
      expect([...layoutProblems(design.declarant, 500), ...layoutProblems(design.perceptor, 500)]).toEqual([]);
      expect(mismatches(design.declarant, OFFICIAL_180.declarant)).toEqual([]);
      expect(mismatches(design.perceptor, OFFICIAL_180.perceptor)).toEqual([]);
    });
  }

  test('the tax years each design serves: 2014–2022 and 2023–2026, one after the other', () => {
    expect(DESIGNS_180.map((d) => [d.from, d.to])).toEqual([['2014-01-01', '2022-12-31'], ['2023-01-01', '2026-12-31']]);
    expect([2014, 2022, 2023, 2026, 2027].map((year) => design180Of({ to: `${year}-12-31` }).version)).toEqual([
      DESIGN_180_2014.version, DESIGN_180_2014.version, DESIGN_180_2023.version, DESIGN_180_2023.version, DESIGN_180_2023.version,
    ]);
  });

  test('the province lists: the Isla de La Palma is 53 from 2023, part of Santa Cruz de Tenerife (38) before', () => {
    const codes = ['38700', '38760', '38789', '38001', '38800', '35001', '28013', '07001', '52001', '53000', null];
    expect(codes.map((c) => DESIGN_180_2014.provinceOf(c))).toEqual(['38', '38', '38', '38', '38', '35', '28', '07', '52', null, null]);
    expect(codes.map((c) => DESIGN_180_2023.provinceOf(c))).toEqual(['53', '53', '53', '38', '38', '35', '28', '07', '52', null, null]);
  });
});

const landlord = (line: Partial<Line180> & Pick<Line180, 'name' | 'tax_id' | 'province'>): Line180 => ({ contact_id: crypto.randomUUID(), base: '0.00', withholding: '0.00', property: null, ...line });

/** The file of a year as `file180` writes it for the given landlords, split into its records. */
function records(design: Design180, year: number, lines: Line180[], boxes: Record<string, string>): string[] {
  const input = {
    period: { year, periodicity: 'annual', index: 0, code: '0A', from: `${year}-01-01`, to: `${year}-12-31`, last: true },
    result: { boxes, result: '0.00', declarationType: 'I', details: { landlords: lines } },
    company: { taxId: 'ESB12345674', name: 'Cuadra Pruebas, S.L.' },
    design: { from: design.from, to: design.to, version: design.version },
  } as unknown as RenderInput;
  return Buffer.from(file180(input).body as Uint8Array).toString('latin1').split('\r\n');
}

/** Whether a record's text at each official field is of the field's type. */
function typeProblems(text: string, official: readonly OfficialField[]): string[] {
  return official.flatMap(([position, length, type]) => {
    const value = text.slice(position - 1, position - 1 + length);
    const ok = type === 'Num' ? /^\d+$/.test(value)
      : type === 'blank' ? value.trim() === ''
      : type === 'A' ? /^[A-ZÑÇ ]+$/.test(value) && !(value.startsWith(' ') && value.trim() !== '')
      : /^[A-Z0-9 .,\-_&'\\:;/()ÑÇ]+$/.test(value) && !(value.startsWith(' ') && value.trim() !== '');
    return ok ? [] : [`${position}–${position + length - 1} (${type}): "${value}"`];
  });
}

describe('modelo 180: a generated file, field by field, against the official types', () => {
  const palma = landlord({
    name: 'Arrendadora Isla Bonita, S.L.', tax_id: 'B38000006', province: null, base: '12000.00', withholding: '2280.00',
    property: { landlord_tax_id: 'B38000006', situation: 1, cadastral_reference: '1234567BS2813S0001AB', street_type: 'CALLE', street_name: 'O\'Daly', number: 7, floor: '2', door: 'A', municipality: 'Santa Cruz de La Palma', municipality_code: '38037', postal_code: '38700' },
  });
  const madrid = landlord({
    name: 'Peña Ibáñez, María', tax_id: '12345678Z', province: '28', base: '500.00', withholding: '95.00',
    property: { landlord_tax_id: '12345678Z', situation: 4, street_name: 'Mayor', number_type: 'S/N', municipality: 'Madrid', postal_code: '28013' },
  });

  for (const [design, year, palmaProvince] of [[DESIGN_180_2014, 2022, '38'], [DESIGN_180_2023, 2026, '53']] as const) {
    test(`${year}: every official field of each record holds a value of its type; La Palma is ${palmaProvince}`, () => {
      const lines = [{ ...palma, province: design.provinceOf('38712') }, madrid];
      const [declarant, first, second, ...rest] = records(design, year, lines, { '01': '2', '02': '12500.00', '03': '2375.00' });
      expect([rest, declarant.length, first.length, second.length]).toEqual([[], 500, 500, 500]);
      expect(typeProblems(declarant, OFFICIAL_180.declarant)).toEqual([]);
      expect([...typeProblems(first, OFFICIAL_180.perceptor), ...typeProblems(second, OFFICIAL_180.perceptor)]).toEqual([]);
      const at = (line: string, position: number, length: number) => line.slice(position - 1, position - 1 + length);
      // type 1: the year, the declarant's NIF without ES, no phone (zeros), two records, the totals (the base signed)
      expect([at(declarant, 1, 8), at(declarant, 9, 9), at(declarant, 18, 40).trim(), at(declarant, 58, 1), at(declarant, 59, 9), at(declarant, 136, 9), at(declarant, 145, 16), at(declarant, 161, 15)]).toEqual([
        `1180${year}`, 'B12345674', 'CUADRA PRUEBAS, S.L.', 'T', '000000000', '000000002', ' 000000001250000', '000000000237500',
      ]);
      // the landlord's and the property's province as the year's list has them
      expect([at(first, 76, 2), at(first, 321, 2), at(first, 323, 5), at(first, 316, 5), at(first, 193, 5), at(first, 114, 1), at(first, 115, 20)]).toEqual([
        palmaProvince, palmaProvince, '38700', '38037', '7    ', '1', '1234567BS2813S0001AB',
      ]);
      // the second: a person's name without accents (Ñ kept), no number (S/N), no municipality code
      expect([at(second, 36, 40).trim(), at(second, 79, 14), at(second, 93, 4), at(second, 97, 13), at(second, 190, 3), at(second, 193, 5), at(second, 316, 5), at(second, 321, 2)]).toEqual([
        'PEÑA IBAÑEZ, MARIA', ' 0000000050000', '1900', '0000000009500', 'S/N', '     ', '     ', '28',
      ]);
    });
  }
});
