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

/** The company's clock: Spanish dates of an instant are read in Madrid's time (peninsular; CET/CEST). */
export const TIME_ZONE = 'Europe/Madrid';
const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});
/** Madrid's wall clock at an instant, as if it were UTC (milliseconds). */
const madridWall = (instant: number) => {
  const part = (type: string) => Number(madridParts.formatToParts(instant).find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
};

/**
 * "2026-11-27" → "27/11/2026"; an instant ("2026-11-27T23:30:00Z") → the day it is in Madrid
 * ("28/11/2026"). Anything else is shown as it came.
 */
export function formatDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const instant = Date.parse(value);
    if (!Number.isNaN(instant)) {
      const wall = new Date(madridWall(instant)).toISOString();
      return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`;
    }
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The last second of a day in Madrid as a UTC instant: "2026-07-31" → "2026-07-31T21:59:59Z" (summer), "2026-12-31" → "…T22:59:59Z". */
export function endOfDayInMadrid(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 23, 59, 59);
  // Madrid's offset then (no change of clocks happens near midnight, so the wall time's own instant gives it)
  const offset = madridWall(wall) - wall;
  return new Date(wall - offset).toISOString().replace('.000Z', 'Z');
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
