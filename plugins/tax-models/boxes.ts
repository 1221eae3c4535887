import { Decimal } from '../../kernel/money';
import type { BoxDefinition } from './contract';

const ZERO = () => Decimal.zero(2);

/** Box values being summed up while a model computes: money with two decimals, kept in `Decimal`. */
export class BoxSheet {
  private readonly values = new Map<string, Decimal>();

  add(box: string, amount: Decimal | string): this {
    const value = typeof amount === 'string' ? Decimal.parse(amount, 6) : amount;
    this.values.set(box, this.get(box).add(value).rescale(2));
    return this;
  }

  set(box: string, amount: Decimal | string): this {
    this.values.set(box, (typeof amount === 'string' ? Decimal.parse(amount, 6) : amount).rescale(2));
    return this;
  }

  get(box: string): Decimal {
    return this.values.get(box) ?? ZERO();
  }

  sum(...boxes: string[]): Decimal {
    return boxes.reduce((total, box) => total.add(this.get(box)), ZERO());
  }

  /** Every defined box as a decimal string (counts without decimals), zero where nothing was added. */
  toRecord(definitions: readonly BoxDefinition[]): Record<string, string> {
    return Object.fromEntries(definitions.map((d) => [d.number, d.kind === 'count' ? this.get(d.number).rescale(0).toString() : this.get(d.number).toString()]));
  }
}

export const dec = (text: string): Decimal => Decimal.parse(text, 6);
export const min = (a: Decimal, b: Decimal): Decimal => (a.compare(b) <= 0 ? a : b);
export const max = (a: Decimal, b: Decimal): Decimal => (a.compare(b) >= 0 ? a : b);
