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
