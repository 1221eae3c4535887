import { Decimal } from '../../kernel/money';
import type { TaxRegisterSum } from '../documents/api';
import { BoxSheet, dec, type BoxDefinition, type BoxKind, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { settlement111 } from './settlement';

const box = (number: string, label: string, kind: BoxKind = 'amount'): BoxDefinition => ({ number, label, kind });
const trio = (first: number, what: string, amount: string, withheld: string): BoxDefinition[] => {
  const n = (i: number) => String(first + i).padStart(2, '0');
  return [box(n(0), `${what}: número de perceptores`, 'count'), box(n(1), `${what}: ${amount}`), box(n(2), `${what}: ${withheld}`)];
};

/** The boxes of modelo 111 (retenciones e ingresos a cuenta del IRPF: trabajo, actividades económicas, premios…). */
export const BOXES_111: readonly BoxDefinition[] = [
  ...trio(1, 'Rendimientos del trabajo, dinerarios', 'importe de las percepciones', 'importe de las retenciones'),
  ...trio(4, 'Rendimientos del trabajo, en especie', 'valor de las percepciones', 'importe de los ingresos a cuenta'),
  ...trio(7, 'Rendimientos de actividades económicas, dinerarios', 'importe de las percepciones', 'importe de las retenciones'),
  ...trio(10, 'Rendimientos de actividades económicas, en especie', 'valor de las percepciones', 'importe de los ingresos a cuenta'),
  ...trio(13, 'Premios, dinerarios', 'importe de las percepciones', 'importe de las retenciones'),
  ...trio(16, 'Premios, en especie', 'valor de las percepciones', 'importe de los ingresos a cuenta'),
  ...trio(19, 'Ganancias patrimoniales de aprovechamientos forestales, dinerarias', 'importe de las percepciones', 'importe de las retenciones'),
  ...trio(22, 'Ganancias patrimoniales de aprovechamientos forestales, en especie', 'valor de las percepciones', 'importe de los ingresos a cuenta'),
  ...trio(25, 'Contraprestaciones por la cesión de derechos de imagen', 'importe de las percepciones', 'importe de los ingresos a cuenta'),
  box('28', 'Suma de retenciones e ingresos a cuenta', 'signed'),
  box('29', 'A deducir (solo en autoliquidación complementaria)'),
  box('30', 'Resultado a ingresar', 'signed'),
];

/**
 * Withholdings on rents (19 %) belong to modelo 115 and on capital income to modelo 123, not to the
 * 111; the register keeps the rate of the withholding, and 19 % is the rate of both.
 */
const OTHER_MODELS_RATES = ['19.00'];

/** What the 111 sums the register's withheld rows by: the perceptor as the register prints it, and the withholding's rate (the 190's subkey). */
const RECIPIENT_GROUPS = ['counterpartyTaxId', 'contactId', 'counterpartyName', 'withholdingRate'] as const;
/** What the 111 declares of them: the income paid (the base each withholding was computed on) and the withholding. */
const RECIPIENT_AMOUNTS = ['withheldBase', 'withholding'] as const;

/** A recipient of the 111's withholdings (`details.recipients`), with its amounts by withholding rate (what a 190 needs for its subkey). */
export interface Recipient111 {
  contact_id: string;
  name: string;
  tax_id: string | null;
  base: string;
  withholding: string;
  rates: { rate: string; base: string; withholding: string }[];
}

/**
 * The database sums the received rows with IRPF withheld by perceptor and rate, each row's base as
 * the withholding was computed on (`withheldBase`): a quarter of a large company is never read row
 * by row. Recipients come in the sums' order (by tax id, those without one last).
 */
export async function compute111({ sums }: ModelInput): Promise<ModelResult> {
  // a quarter has few rates and many groups: each rate's text is read once
  const rates = new Map<string, string>();
  const named = (await sums(RECIPIENT_GROUPS, { side: 'received', withheld: true, withholdingRatesExcluded: OTHER_MODELS_RATES }, RECIPIENT_AMOUNTS))
    .map((group) => ({ group, rate: rateOf(group, rates) }));
  const boxes = new BoxSheet();
  type Sums = { base: Decimal; withholding: Decimal };
  const recipients = new Map<string, { contact_id: string; name: string; tax_id: string | null; base: Decimal; withholding: Decimal; rates: Map<string, Sums> }>();
  let base08 = Decimal.zero(2), withholding09 = Decimal.zero(2);
  for (const { group, rate } of named) {
    const taxId = group.key.counterpartyTaxId == null ? null : String(group.key.counterpartyTaxId);
    const contactId = String(group.key.contactId);
    const key = taxId?.toUpperCase() ?? contactId;
    const recipient = recipients.get(key) ?? { contact_id: contactId, name: String(group.key.counterpartyName), tax_id: taxId, base: Decimal.zero(2), withholding: Decimal.zero(2), rates: new Map<string, Sums>() };
    const base = dec(group.withheldBase).rescale(2), withholding = dec(group.withholding).rescale(2);
    recipient.base = recipient.base.add(base);
    recipient.withholding = recipient.withholding.add(withholding);
    const byRate = recipient.rates.get(rate) ?? { base: Decimal.zero(2), withholding: Decimal.zero(2) };
    recipient.rates.set(rate, { base: byRate.base.add(base), withholding: byRate.withholding.add(withholding) });
    recipients.set(key, recipient);
    base08 = base08.add(base);
    withholding09 = withholding09.add(withholding);
  }
  // invoices of professionals and other economic activities (dinerarios): 07–09
  boxes.add('08', base08).add('09', withholding09);
  const declared = [...recipients.values()].filter((r) => !r.withholding.isZero());
  boxes.set('07', Decimal.of(BigInt(declared.length), 0));
  boxes.set('28', boxes.sum('03', '06', '09', '12', '15', '18', '21', '24', '27'));
  boxes.set('30', boxes.get('28').sub(boxes.get('29')));
  const result = boxes.get('30');
  const byRateDescending = ([a]: [string, Sums], [b]: [string, Sums]) => dec(b).compare(dec(a));
  const recipientsOut: Recipient111[] = declared.map((r) => ({
    contact_id: r.contact_id, name: r.name, tax_id: r.tax_id, base: r.base.toString(), withholding: r.withholding.toString(),
    rates: (r.rates.size > 1 ? [...r.rates].sort(byRateDescending) : [...r.rates]).map(([rate, sums]) => ({ rate, base: sums.base.toString(), withholding: sums.withholding.toString() })),
  }));
  return {
    boxes: boxes.toRecord(BOXES_111), result: result.toString(), declarationType: result.compare(Decimal.zero(2)) > 0 ? 'I' : 'N',
    details: { recipients: recipientsOut },
  };
}

/** A group's withholding rate as the 111 and the 190 name it (two decimals; none is 0.00), through the call's cache of rates named. */
function rateOf(group: Pick<TaxRegisterSum, 'key'>, named: Map<string, string>): string {
  const text = group.key.withholdingRate == null ? '0' : String(group.key.withholdingRate);
  let rate = named.get(text);
  if (rate === undefined) named.set(text, rate = dec(text).rescale(2).toString());
  return rate;
}

export const MODEL_111: TaxModel = {
  code: '111',
  name: 'Retenciones e ingresos a cuenta del IRPF (trabajo, actividades económicas, premios)',
  periodicities: ['quarterly', 'monthly'],
  designs: [],
  boxes: BOXES_111,
  compute: compute111,
  sumsOnly: true,
  detailsReads: ['contacts.read'],
  settlement: settlement111,
};
