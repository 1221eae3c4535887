import { PayloadTooLarge, Unprocessable } from '../../kernel/errors';
import { readXml, XmlRefused, type XmlLimits } from '../../lib/xml-limits';
import { BOOK_CURRENCY, isCurrency } from './currencies';
import { parseRate } from './convert';

/**
 * The ECB's euro foreign exchange reference rates file (eurofxref-daily.xml, eurofxref-hist.xml,
 * eurofxref-hist-90d.xml): a `gesmes:Envelope` whose `Cube` holds one `Cube time="YYYY-MM-DD"` per
 * day, each with one `Cube currency="USD" rate="1.0705"` per currency (units per euro). The daily
 * file has one day, the historical ones every TARGET day since 1999 (about 30 currencies a day, a
 * few MiB). Read within ECB_LIMITS through lib/xml-limits.ts: no DOCTYPE, no entities.
 */
export const ECB_LIMITS: XmlLimits = { maxBytes: 16 * 1024 * 1024, maxDepth: 8, maxNodes: 2_000_000, maxTextLength: 1_000 };

export interface EcbRate { currency: string; date: string; rate: string }
export interface EcbFile {
  rates: EcbRate[];
  days: number;
  /** Codes the file carries that are no longer ISO 4217 currencies (CYP, HRK, …): not stored. */
  skipped_currencies: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (text: string) => ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The rates of an ECB reference-rates file, or 422 (413 when too large) saying what is wrong. */
export function parseEcbFile(bytes: Uint8Array): EcbFile {
  let document: any;
  try {
    document = readXml(bytes, ECB_LIMITS, { ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, parseAttributeValue: false, isArray: (name) => name === 'Cube' });
  } catch (error) {
    if (error instanceof XmlRefused) throw error.tooLarge ? new PayloadTooLarge(error.reason) : new Unprocessable(`Not a readable XML file: ${error.reason}`);
    throw error;
  }
  const envelope = document?.Envelope;
  if (!envelope || typeof envelope !== 'object') throw new Unprocessable('Not an ECB reference rates file: the root element is not gesmes:Envelope');
  const outer = list<any>(envelope.Cube)[0];
  const days = list<any>(outer?.Cube).filter((cube) => cube && typeof cube === 'object');
  if (days.length === 0) throw new Unprocessable('The ECB file holds no day of rates (no Cube with a time attribute)');
  const rates: EcbRate[] = [];
  const skipped = new Set<string>();
  const seen = new Set<string>();
  for (const day of days) {
    const date = String(day.time ?? '');
    if (!validDate(date)) throw new Unprocessable(`A Cube's time is not a date (YYYY-MM-DD): ${JSON.stringify(date.slice(0, 40))}`);
    if (seen.has(date)) throw new Unprocessable(`The day ${date} appears twice in the file`);
    seen.add(date);
    for (const cube of list<any>(day.Cube)) {
      const currency = String(cube?.currency ?? '');
      const text = String(cube?.rate ?? '');
      if (!/^[A-Z]{3}$/.test(currency)) throw new Unprocessable(`On ${date}, a Cube has no currency code (three capital letters)`);
      if (!isCurrency(currency) || currency === BOOK_CURRENCY) { skipped.add(currency); continue; }
      if (!parseRate(text)) throw new Unprocessable(`On ${date}, the ${currency} rate is not a positive decimal: ${JSON.stringify(text.slice(0, 40))}`);
      rates.push({ currency, date, rate: text.trim() });
    }
  }
  return { rates, days: days.length, skipped_currencies: [...skipped].sort() };
}
