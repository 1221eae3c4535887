/**
 * The fixed-width pages of the DR303 import file, as field lists: a page's positions follow from
 * the lengths, and tests check the totals (page 01: 1581 bytes, page 03: 1017) and the positions
 * the record design gives. Two layouts: the design valid from 09/3T 2024 (DR303e24 v2.02, also
 * used for 2025) and the one from 2026 (a new identification flag at position 130, the 2 % and
 * recargo boxes moved, box 112 on page 03).
 */

export type Field =
  | { kind: 'constant'; text: string }
  | { kind: 'blank'; length: number }
  /** An alphanumeric value of the return (left-aligned, blank-padded). */
  | { kind: 'text'; name: TextName; length: number }
  /** A money box: 17 positions, implied two decimals; `signed` boxes write a negative with N first. */
  | { kind: 'amount'; box: string; signed: boolean }
  /** A percentage box: 5 positions, three integers and two decimals. */
  | { kind: 'rate'; box: string };

export type TextName = 'complementary' | 'declarationType' | 'taxId' | 'name' | 'year' | 'period' | 'flags2024' | 'flag2026' | 'noActivity' | 'rectifying' | 'previousReceipt' | 'directDebitChange' | 'rectificationReason' | 'discrepancyReason';

const c = (text: string): Field => ({ kind: 'constant', text });
const blank = (length: number): Field => ({ kind: 'blank', length });
const text = (name: TextName, length: number): Field => ({ kind: 'text', name, length });
const n = (box: string): Field => ({ kind: 'amount', box, signed: false });
const s = (box: string): Field => ({ kind: 'amount', box, signed: true });
const r = (box: string): Field => ({ kind: 'rate', box });

/** Positions 1–129 of page 01, the same in both designs. */
const PAGE01_IDENTIFICATION: Field[] = [
  c('<T30301000>'), text('complementary', 1), text('declarationType', 1), text('taxId', 9), text('name', 80), text('year', 4), text('period', 2),
  text('flags2024', 21), // 109–129: foral, REDEME, simplified, joint, cash basis (2), prorrata (2), insolvency (1 + date 8 + type 1), SII, 390 exemption, volume
];
const PAGE01_END: Field[] = [c('</T30301000>')];

const RATES_0 = [n('150'), r('151'), n('152')];
const RATES_2 = [n('165'), r('166'), n('167')];
const RATES_4_TO_21 = [n('01'), r('02'), n('03'), n('153'), r('154'), n('155'), n('04'), r('05'), n('06'), n('07'), r('08'), n('09')];
const REVERSE_AND_MODIFICATIONS = [n('10'), n('11'), n('12'), n('13'), s('14'), s('15')];
const RE_175 = [n('156'), r('157'), n('158')];
const RE_05 = [n('168'), r('169'), n('170')];
const RE_OTHERS = [n('16'), r('17'), n('18'), n('19'), r('20'), n('21'), n('22'), r('23'), n('24'), s('25'), s('26'), s('27')];
const DEDUCTIBLE = [n('28'), n('29'), n('30'), n('31'), n('32'), n('33'), n('34'), n('35'), n('36'), n('37'), n('38'), n('39'), s('40'), s('41'), s('42'), s('43'), s('44'), s('45'), s('46')];

export const PAGE01_2024: Field[] = [
  ...PAGE01_IDENTIFICATION, ...RATES_0, ...RATES_4_TO_21, ...REVERSE_AND_MODIFICATIONS, ...RE_175, ...RE_OTHERS, ...DEDUCTIBLE, ...RATES_2, ...RE_05,
  blank(522), blank(13), ...PAGE01_END,
];

export const PAGE01_2026: Field[] = [
  ...PAGE01_IDENTIFICATION, text('flag2026', 1), ...RATES_0, ...RATES_2, ...RATES_4_TO_21, ...REVERSE_AND_MODIFICATIONS, ...RE_175, ...RE_05, ...RE_OTHERS, ...DEDUCTIBLE,
  blank(521), blank(13), ...PAGE01_END,
];

const PAGE03_START: Field[] = [
  c('<T30303000>'), s('59'), s('60'), s('120'), s('122'), s('123'), s('124'), s('62'), s('63'), s('74'), s('75'), s('76'), s('64'), r('65'), s('66'),
  n('77'), n('110'), n('78'), n('87'), s('68'),
];
const PAGE03_FLAGS: Field[] = [text('noActivity', 1), text('rectifying', 1), text('previousReceipt', 13), text('directDebitChange', 1)];

export const PAGE03_2024: Field[] = [
  ...PAGE03_START, s('69'), n('70'), n('109'), s('71'), ...PAGE03_FLAGS, s('108'), n('111'), blank(120), text('rectificationReason', 1), text('discrepancyReason', 1),
  blank(443), c('</T30303000>'),
];

export const PAGE03_2026: Field[] = [
  ...PAGE03_START, s('108'), s('69'), n('70'), n('109'), n('112'), s('71'), ...PAGE03_FLAGS, n('111'), text('rectificationReason', 1), text('discrepancyReason', 1),
  blank(546), c('</T30303000>'),
];

export const fieldLength = (field: Field): number => {
  switch (field.kind) {
    case 'constant': return field.text.length;
    case 'blank': case 'text': return field.length;
    case 'amount': return 17;
    case 'rate': return 5;
  }
};

/** The 1-based position of each box in a page. */
export function positions(page: readonly Field[]): Map<string, number> {
  const at = new Map<string, number>();
  let position = 1;
  for (const field of page) {
    if (field.kind === 'amount' || field.kind === 'rate') at.set(field.box, position);
    if (field.kind === 'text') at.set(field.name, position);
    position += fieldLength(field);
  }
  return at;
}

export const pageLength = (page: readonly Field[]): number => page.reduce((total, field) => total + fieldLength(field), 0);
