import { fold } from './text';

/**
 * Movements that settle no document: bank fees, taxes, payroll, rent, utilities. Each rule names
 * the account the amount goes to (from 555, where every movement waits) and the words that give
 * it away in a bank's text. A company's own past categorisations of the same counterparty come
 * first (see `learnedCategory` in ./scoring.ts).
 */
export interface CategoryRule {
  account: string;
  name: string;
  /** 'out': money leaving the bank only; 'in': arriving only; 'any'. */
  direction: 'in' | 'out' | 'any';
  words: RegExp;
}

export const CATEGORY_RULES: readonly CategoryRule[] = [
  { account: '626', name: 'Servicios bancarios y similares', direction: 'any', words: /\b(COMISION(ES)?|COMIS|MANTENIMIENTO CUENTA|CUOTA (TARJETA|MANTENIMIENTO)|GASTOS (BANCARIOS|DE GESTION|CORREO)|TPV|LIQUIDACION (CUENTA|PERIODICA))\b/ },
  { account: '4750', name: 'Hacienda Pública, acreedora por IVA', direction: 'out', words: /\b(MODELO 303|MOD 303|M303|IVA (TRIMESTRAL|TRIM|[1-4]T)|AUTOLIQUIDACION IVA)\b/ },
  { account: '4751', name: 'Hacienda Pública, acreedora por retenciones practicadas', direction: 'out', words: /\b(MODELO (111|115)|MOD (111|115)|RETENCIONES)\b/ },
  { account: '4752', name: 'Hacienda Pública, acreedora por impuesto sobre sociedades', direction: 'out', words: /\b(MODELO (200|202)|MOD (200|202)|IMPUESTO (DE )?SOCIEDADES)\b/ },
  { account: '4750', name: 'Hacienda Pública, acreedora por conceptos fiscales', direction: 'out', words: /\b(AEAT|AGENCIA (ESTATAL DE ADMINISTRACION )?TRIBUTARIA|HACIENDA|IMPUESTOS?)\b/ },
  { account: '476', name: 'Organismos de la Seguridad Social, acreedores', direction: 'out', words: /\b(TGSS|SEGURIDAD SOCIAL|TESORERIA GENERAL|SEG SOCIAL|SEGUROS SOCIALES|CUOTA AUTONOMOS|RETA)\b/ },
  { account: '640', name: 'Sueldos y salarios', direction: 'out', words: /\b(NOMINAS?|SALARIOS?|PAGA EXTRA|FINIQUITO)\b/ },
  { account: '621', name: 'Arrendamientos y cánones', direction: 'out', words: /\b(ALQUILER|ARRENDAMIENTO|RENTING|LEASING)\b/ },
  { account: '625', name: 'Primas de seguros', direction: 'out', words: /\b(SEGUROS?|POLIZA|MAPFRE|MUTUA|ALLIANZ|AXA|ZURICH)\b/ },
  { account: '628', name: 'Suministros', direction: 'out', words: /\b(ENDESA|IBERDROLA|NATURGY|REPSOL|TELEFONICA|MOVISTAR|VODAFONE|ORANGE|LUZ|AGUA|GAS|ELECTRICIDAD|FIBRA)\b/ },
  { account: '769', name: 'Otros ingresos financieros', direction: 'in', words: /\b(INTERESES|LIQUIDACION INTERESES)\b/ },
];

/** Accounts any category may name (a rule's, or one the company picked before). */
export const CATEGORY_ACCOUNTS = new Map(CATEGORY_RULES.map((r) => [r.account, r.name]));

export interface CategoryProposal {
  account: string;
  name: string;
  score: number;
  reasons: { kind: 'rule' | 'learned'; detail: string }[];
}

/** The rules that match a movement's text, best first (the first rule of an account wins). */
export function ruleCategories(text: string, incoming: boolean): CategoryProposal[] {
  const folded = fold(text);
  const seen = new Set<string>();
  const out: CategoryProposal[] = [];
  for (const rule of CATEGORY_RULES) {
    if (rule.direction === 'in' && !incoming) continue;
    if (rule.direction === 'out' && incoming) continue;
    const match = rule.words.exec(folded);
    if (!match || seen.has(rule.account)) continue;
    seen.add(rule.account);
    out.push({ account: rule.account, name: rule.name, score: 0.8 - out.length * 0.1, reasons: [{ kind: 'rule', detail: `"${match[0]}" in the text` }] });
  }
  return out;
}
