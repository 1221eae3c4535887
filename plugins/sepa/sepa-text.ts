/**
 * Text as the SEPA character set allows it (EPC217-08: a-z A-Z 0-9 / - ? : ( ) . , ' + and space).
 * Letters with marks lose them (Ñ → N, ç → c), a few symbols take their usual spelling (& → +,
 * ß → ss), anything else becomes a space; runs of spaces collapse. The result is cut to `max`.
 */
const SPELLED: Record<string, string> = { '&': '+', ß: 'ss', Æ: 'AE', æ: 'ae', Ø: 'O', ø: 'o', Œ: 'OE', œ: 'oe', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', º: 'o', ª: 'a', '_': '-', '"': "'", '«': "'", '»': "'" };

const SEPA_ONLY = /^[A-Za-z0-9/\-?:().,'+]+(?: [A-Za-z0-9/\-?:().,'+]+)*$/;

export function sepaText(text: string, max: number): string {
  if (SEPA_ONLY.test(text)) return text.length <= max ? text : text.slice(0, max).trim();
  const latin = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const char of latin) out += /[A-Za-z0-9/\-?:().,'+ ]/.test(char) ? char : (SPELLED[char] ?? ' ');
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** An identifier (message, payment, end-to-end id) in the restricted set banks accept without question: letters, digits, - and /. */
export function sepaId(text: string, max = 35): string {
  return sepaText(text, 1000).replace(/[^A-Za-z0-9/-]/g, '-').replace(/^\/+|\/+$/g, '').replace(/\/\//g, '/').slice(0, max);
}

const XML_SPECIAL = /[&<>'"]/;
/** XML text escaping (names and references keep ' after sepaText). */
export const xmlEscape = (text: string): string => (XML_SPECIAL.test(text)
  ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;')
  : text);
