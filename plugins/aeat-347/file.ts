import { Unprocessable } from '../../kernel/errors';
import { dec, record, recordNif, recordsFile, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_347_2014, type Design347 } from './design-2014';
import { DESIGN_347_2025 } from './design-2025';
import type { Counterparty347 } from './model';

/** The 347's designs, oldest first, one file each. */
export const DESIGNS_347: readonly Design347[] = [DESIGN_347_2014, DESIGN_347_2025];


type Quarters = Counterparty347['quarters'];
interface DeclaredRecord { counterparty: Counterparty347; amount: string; quarters: Quarters; reverseCharge: boolean }

/**
 * The type 2 records of a counterparty: one, or two when part of its operations are under reverse
 * charge (those are declared apart, with the mark at 282); a part that nets to nothing is left out.
 */
function declaredRecords(c: Counterparty347): DeclaredRecord[] {
  if (!c.reverse_charge) return [{ counterparty: c, amount: c.amount, quarters: c.quarters, reverseCharge: false }];
  const rc = c.reverse_charge;
  const rest = { amount: dec(c.amount).sub(dec(rc.amount)).toString(), quarters: c.quarters.map((q, i) => dec(q).sub(dec(rc.quarters[i])).toString()) as Quarters };
  return [
    ...(dec(rest.amount).isZero() && rest.quarters.every((q) => dec(q).isZero()) ? [] : [{ counterparty: c, ...rest, reverseCharge: false }]),
    { counterparty: c, amount: rc.amount, quarters: rc.quarters, reverseCharge: true },
  ];
}

/**
 * The 347 file of a year: the declarant's type 1 record with the totals, then one type 2 record
 * (registro de declarado) per counterparty and key; 500 positions each, CRLF between records,
 * ISO-8859-1. A counterparty without a Spanish postal code (its province) is refused (422).
 */
export function file347(input: RenderInput): RenderedFile {
  const design = DESIGNS_347.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const counterparties = (result.details?.counterparties ?? []) as Counterparty347[];
  const withoutProvince = counterparties.filter((c) => !c.province);
  if (withoutProvince.length) {
    throw new Unprocessable(`The 347 record names each counterparty's province (its postal code): add a Spanish postal code to ${withoutProvince.map((c) => `${c.name} (${c.tax_id})`).join(', ')}`);
  }
  const declared = counterparties.flatMap(declaredRecords);
  const common = { year: period.year, declarantTaxId: recordNif(company.taxId) };
  const total = declared.reduce((sum, r) => sum.add(dec(r.amount)), dec('0')).rescale(2);
  return recordsFile([
    record(design.declarant, {
      ...common, declarantName: company.name, mediaType: 'T', declarationId: '3470000000000', previousDeclarationId: '0',
      declaredCount: declared.length, totalAmount: total.toString(), propertiesCount: 0, rentsAmount: '0',
    }),
    ...declared.map(({ counterparty: c, amount, quarters, reverseCharge }) => record(design.declared, {
      ...common, taxId: recordNif(c.tax_id), name: c.name, province: c.province!, key: c.key, amount, cashYear: 0,
      q1: quarters[0], q2: quarters[1], q3: quarters[2], q4: quarters[3], reverseCharge: reverseCharge ? 'X' : '',
    })),
  ], `${recordNif(company.taxId)}${period.year}.347`);
}
