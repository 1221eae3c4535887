/**
 * Text as banks print it: upper case, no accents, names cut at a fixed width, words in any order,
 * legal forms abbreviated or dropped. Everything here folds both sides the same way before they
 * are compared.
 */

/** Upper case, accents and punctuation removed, single spaces. */
export function fold(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** Words that say nothing about who a party is. */
const NOISE = new Set([
  'S', 'L', 'A', 'SL', 'SA', 'SLU', 'SAU', 'SLL', 'SC', 'SCP', 'CB', 'SCOOP', 'COOP', 'SOCIEDAD', 'LIMITADA', 'ANONIMA', 'UNIPERSONAL',
  'DE', 'DEL', 'LA', 'LAS', 'LOS', 'EL', 'Y', 'E', 'EN', 'CIA', 'HNOS',
  'TRANSFERENCIA', 'TRANSF', 'TRF', 'TRANS', 'RECIBO', 'REC', 'COBRO', 'PAGO', 'ABONO', 'CARGO', 'ORDENANTE', 'BENEFICIARIO', 'SEPA',
  'FRA', 'FACT', 'FACTURA', 'FACTURAS', 'N', 'NUM', 'NO', 'REF', 'CONCEPTO',
]);

/** The words of a name that identify the party. */
export function nameTokens(text: string | null | undefined): string[] {
  return fold(text).split(' ').filter((w) => w.length > 1 && !NOISE.has(w) && !/^\d+$/.test(w));
}

/**
 * How much of what the bank printed names this party, 0–1. Words weigh by how rare they are among
 * the company's contacts (`weight`), so "TALLERES" says less than "ETXEBERRIA". The printed
 * text's last word may be a cut-off prefix (banks cut names at 18–35 characters); word order does
 * not count ("GARCIA LOPEZ JUAN" is Juan García López). Mostly: how much of the printed text is
 * this party's; a little: how much of the party's name was printed.
 */
export function nameSimilarity(printed: readonly string[], party: readonly string[], weight: (word: string) => number = () => 1, known?: Party, printedWeights?: readonly number[]): number {
  if (!printed.length || !party.length) return 0;
  const partyWords = known?.words ?? new Set(party);
  const matchedParty = new Set<string>();
  let printedWeight = 0;
  let found = 0;
  for (let i = 0; i < printed.length; i++) {
    const word = printed[i];
    const w = printedWeights ? printedWeights[i] : weight(word);
    printedWeight += w;
    if (partyWords.has(word)) { found += w; matchedParty.add(word); continue; }
    if (i === printed.length - 1 && word.length >= 2) {
      const whole = party.find((p) => p.startsWith(word));
      if (whole) { found += 0.9 * weight(whole); matchedParty.add(whole); }
    }
  }
  const partyWeight = known?.weight ?? party.reduce((s, p) => s + weight(p), 0);
  let matchedWeight = 0;
  for (const p of matchedParty) matchedWeight += weight(p);
  const ofParty = matchedWeight / partyWeight;
  return Math.min(1, (found / printedWeight) * 0.7 + ofParty * 0.3);
}

/** A party's name words as a set and their summed weight, when the caller keeps them (the board does, per contact). */
export interface Party { words: ReadonlySet<string>; weight: number }

/** A document number reduced to what survives in a bank's text: letters and digits only. */
export const compactReference = (text: string | null | undefined): string => fold(text).replace(/ /g, '');

/**
 * Keys for the digits a bank's text keeps of a number: its last run of digits as printed and
 * without leading zeros ("F-2026-000123" → "000123", "123"), each when at least 3 long.
 */
export function digitKeys(reference: string): string[] {
  const match = /(\d+)\D*$/.exec(reference);
  if (!match) return [];
  const stripped = match[1].replace(/^0+/, '');
  return [...new Set([match[1], stripped])].filter((k) => k.length >= 3);
}

/** A stable key for the counterparty as printed, to learn "this text is that contact". */
export const counterpartyKey = (counterparty: string | null | undefined): string | null => {
  const words = nameTokens(counterparty);
  return words.length ? words.slice(0, 4).join(' ') : null;
};

/** IBAN without spaces, upper case; null when absent. */
export const compactIban = (iban: string | null | undefined): string | null => {
  const value = (iban ?? '').replace(/\s+/g, '').toUpperCase();
  return value.length >= 15 ? value : null;
};
