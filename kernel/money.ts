/**
 * Exact decimal arithmetic for money and quantities on bigint. Amounts never pass through a JS
 * number: they arrive as decimal strings, are held as scaled bigints and leave as strings.
 */
const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;
const POW10 = Array.from({ length: 39 }, (_, i) => 10n ** BigInt(i));
const pow10 = (exponent: number): bigint => POW10[exponent] ?? 10n ** BigInt(exponent);

export class Decimal {
  private constructor(readonly units: bigint, readonly scale: number) {}

  static parse(text: string, maxScale = 6): Decimal {
    // the usual shape (a sign, digits, a point between digits) is read by hand: models parse
    // thousands of sums per request, and the regular expression was most of their time
    const signed = text.charCodeAt(0) === 45 || text.charCodeAt(0) === 43;
    const start = signed ? 1 : 0;
    let point = -1, plain = text.length > start;
    for (let i = start; plain && i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 46 && point < 0 && i > start && i < text.length - 1) point = i;
      else if (c < 48 || c > 57) plain = false;
    }
    if (plain) {
      const scale = point < 0 ? 0 : text.length - point - 1;
      if (scale > maxScale) throw new RangeError(`More than ${maxScale} decimals: ${text}`);
      const units = BigInt(point < 0 ? text.slice(start) : text.slice(start, point) + text.slice(point + 1));
      return new Decimal(text.charCodeAt(0) === 45 ? -units : units, scale);
    }
    const match = DECIMAL.exec(text.trim());
    if (!match) throw new RangeError(`Not a decimal number: ${JSON.stringify(text)}`);
    const [, sign, whole, fraction = ''] = match;
    if (fraction.length > maxScale) throw new RangeError(`More than ${maxScale} decimals: ${text}`);
    const units = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
    return new Decimal(units, fraction.length);
  }

  static zero(scale = 2): Decimal { return new Decimal(0n, scale); }
  static of(units: bigint, scale: number): Decimal { return new Decimal(units, scale); }

  rescale(scale: number): Decimal {
    if (scale === this.scale) return this;
    if (scale > this.scale) return new Decimal(this.units * pow10(scale - this.scale), scale);
    return new Decimal(divideHalfAwayFromZero(this.units, pow10(this.scale - scale)), scale);
  }

  add(other: Decimal): Decimal {
    if (this.scale === other.scale) return new Decimal(this.units + other.units, this.scale);
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.rescale(scale).units + other.rescale(scale).units, scale);
  }
  sub(other: Decimal): Decimal { return this.add(other.negate()); }
  negate(): Decimal { return new Decimal(-this.units, this.scale); }
  mul(other: Decimal): Decimal { return new Decimal(this.units * other.units, this.scale + other.scale); }
  /** Rounds half away from zero to `scale` decimals (the rounding Spanish invoicing uses). */
  round(scale = 2): Decimal { return this.rescale(scale); }
  /** Percentage of this amount (`pct` like "21" or "5.2"), rounded half away from zero. */
  percent(pct: Decimal, scale = 2): Decimal {
    const product = this.mul(pct);
    return Decimal.of(product.units, product.scale + 2).round(scale);
  }

  compare(other: Decimal): -1 | 0 | 1 {
    if (this.scale === other.scale) return this.units < other.units ? -1 : this.units > other.units ? 1 : 0;
    const scale = Math.max(this.scale, other.scale);
    const a = this.rescale(scale).units, b = other.rescale(scale).units;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  eq(other: Decimal): boolean { return this.compare(other) === 0; }
  isZero(): boolean { return this.units === 0n; }
  isNegative(): boolean { return this.units < 0n; }

  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = this.scale === 0 ? digits : digits.slice(0, -this.scale);
    const fraction = this.scale === 0 ? '' : '.' + digits.slice(-this.scale);
    return (negative ? '-' : '') + whole + fraction;
  }
  toJSON(): string { return this.toString(); }
}

/** n / d for integers, rounded half away from zero. */
export function divideHalfAwayFromZero(n: bigint, d: bigint): bigint {
  if (d < 0n) { n = -n; d = -d; }
  const q = n / d, r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** Money in euros: two decimals, always. */
export const money = (text: string): Decimal => Decimal.parse(text, 2).rescale(2);
export const formatMoney = (value: Decimal): string => value.round(2).toString();
export const sumMoney = (values: Decimal[]): Decimal => values.reduce((a, b) => a.add(b), Decimal.zero(2)).round(2);

/**
 * Splits `total` across `weights` in proportion, so that the parts add up to `total` exactly
 * (largest-remainder method on cents). Used to give each line its share of a per-invoice VAT.
 */
export function allocate(total: Decimal, weights: Decimal[]): Decimal[] {
  const cents = total.rescale(2).units;
  const scale = Math.max(0, ...weights.map((w) => w.scale));
  const w = weights.map((x) => x.rescale(scale).units);
  const sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map((_, i) => Decimal.of(i === 0 ? cents : 0n, 2));
  const raw = w.map((x) => (cents * x) / sum);
  let rest = cents - raw.reduce((a, b) => a + b, 0n);
  const remainders = w.map((x, i) => ({ i, r: abs((cents * x) % sum) })).sort((a, b) => (a.r < b.r ? 1 : a.r > b.r ? -1 : a.i - b.i));
  const step = rest < 0n ? -1n : 1n;
  for (let k = 0; rest !== 0n; k = (k + 1) % remainders.length) {
    raw[remainders[k].i] += step;
    rest -= step;
  }
  return raw.map((c) => Decimal.of(c, 2));
}
const abs = (x: bigint) => (x < 0n ? -x : x);

/** TypeBox-facing patterns for decimal strings on the wire. */
export const MONEY_PATTERN = '^-?\\d{1,15}(\\.\\d{1,2})?$';
export const QUANTITY_PATTERN = '^-?\\d{1,12}(\\.\\d{1,6})?$';
