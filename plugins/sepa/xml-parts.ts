import { money, sumMoney } from '../../kernel/money';
import { sepaText, xmlEscape } from './sepa-text';

/** Pieces both SEPA messages share: the XML element helper, the agent and account blocks, and the sums. */

/** `<name>text</name>` with the text escaped; nothing when the text is null or empty. */
export const element = (name: string, text: string | null | undefined): string => (text ? `<${name}>${xmlEscape(text)}</${name}>` : '');

/** A party's name in the SEPA character set (the EPC guidelines allow 70 characters). */
export const partyName = (name: string): string => element('Nm', sepaText(name, 70) || 'NOTPROVIDED');

/** An account by its IBAN. */
export const ibanAccount = (tag: string, iban: string): string => `<${tag}><Id>${element('IBAN', iban)}</Id></${tag}>`;

/** A bank by its BIC, or `NOTPROVIDED` (IBAN-only payments, allowed across SEPA since 2016). */
export const agent = (tag: string, bic: string | null): string =>
  `<${tag}><FinInstnId>${bic ? element('BICFI', bic) : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId></${tag}>`;

/** The initiating party: the company by name and NIF. */
export const initiatingParty = (name: string, nif: string): string =>
  `<InitgPty>${partyName(name)}<Id><OrgId><Othr>${element('Id', nif)}</Othr></OrgId></Id></InitgPty>`;

/** Count and control sum (exact, two decimals) of a list of amounts. */
export function totals(amounts: readonly string[]): { count: string; sum: string } {
  return { count: String(amounts.length), sum: sumMoney(amounts.map(money)).toString() };
}

/** An amount as SEPA writes it: positive, two decimals. */
export const sepaAmount = (amount: string): string => money(amount).round(2).toString();

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
