/**
 * Display formats for Spain, applied to the API's values without ever turning an amount into a
 * JS number: money arrives as a decimal string ("1234.5", "-0.30") and is only re-punctuated.
 */

/** "1234.56" → "1.234,56 €"; "-5" → "-5,00 €". Anything not a decimal string is shown as it came. */
export function formatMoney(amount: string, currency = 'EUR'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const cents = (fraction + '00').slice(0, Math.max(2, fraction.replace(/0+$/, '').length));
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const symbol = currency === 'EUR' ? '€' : currency;
  const negative = sign === '-' && /[1-9]/.test(whole + cents);
  return `${negative ? '-' : ''}${grouped},${cents}\u00a0${symbol}`;
}

/** "2026-11-27" (or an ISO date-time) → "27/11/2026". */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** A rate as the API gives it ("21.00", "5.20", "0.50") → "21", "5,2", "0,5" (for "21 %"). */
export function formatRate(rate: string): string {
  const match = /^(-?\d+)(?:\.(\d*?))0*$/.exec(rate.trim());
  if (!match) return rate;
  return match[2] ? `${match[1]},${match[2]}` : match[1];
}

/** What a person types for an amount ("1.234,56", "45,5", "45.50") as the API's decimal string, or undefined. */
export function decimalOf(typed: string): string | undefined {
  let text = typed.trim().replace(/\s|€/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? text : undefined;
}
