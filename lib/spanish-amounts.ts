import type { Decimal } from '../kernel/money';

/** 1234567.5 → "1.234.567,50" (Spanish grouping; from the decimal string, never a float). */
export function formatEuro(value: Decimal | string): string {
  const text = typeof value === 'string' ? value : value.toString();
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction.padEnd(2, '0')}`;
}
