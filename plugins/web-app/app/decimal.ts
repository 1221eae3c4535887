/**
 * Exact sums of the API's decimal strings in the browser, in cents as BigInt (never a JS number):
 * for what a person sees while typing (a manual entry's debit and credit totals) and for checking
 * a list of documents against the box it adds up to. The API remains the judge of every figure.
 */

/** "1234.5" → 123450n; "-0.30" → -30n; undefined when it is not a decimal with at most two decimals. */
export function toCents(amount: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return undefined;
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] === '-' ? -cents : cents;
}

/** 123450n → "1234.50"; -30n → "-0.30". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of decimal strings (blank ones count as zero), or undefined when one is not a decimal. */
export function sumMoney(amounts: readonly string[]): string | undefined {
  let total = 0n;
  for (const amount of amounts) {
    if (amount.trim() === '') continue;
    const cents = toCents(amount);
    if (cents === undefined) return undefined;
    total += cents;
  }
  return fromCents(total);
}

/** Whether two decimal strings are the same number ("21.00" and "21"). */
export const sameDecimal = (a: string, b: string) => {
  const x = toCents(a);
  return x !== undefined && x === toCents(b);
};
