import { Unprocessable } from '../../kernel/errors';
import { allocate } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { purchaseNatureBases } from '../purchases/api';
import { dec, PRORRATA_SUMS_BY, prorrataYear, prorrataYearToJson, taxProfileOf, yearOfModel, type ModelInput, type ModelResult, type TaxModel, type TaxPeriod } from '../tax-models/api';
import { BOXES_390 } from './boxes';
import { boxes390, checks303, exemption, GROUPED_BY, groupOf, liquidation390, liquidationCheck, result390, type IntraEuPart } from './compute';
import { DESIGNS_390, file390 } from './file';
import { OPTIONS_390, options390 } from './options';

/**
 * How the 390 finds the 303: through the `tax-models` contributions (set by the plugin's `setup`),
 * never by importing its plugin. One lookup per process, the last app's: apps
 * booted in one process (the tests) share the same model objects, so any of them finds the same.
 */
let findModel: (code: string) => TaxModel | undefined = () => undefined;
export const useModels = (find: (code: string) => TaxModel | undefined) => { findModel = find; };

/**
 * The year's intra-EU acquisitions that are not investment goods, split into goods and services:
 * each VAT type's register sums (by rate and deductibility) shared in proportion to the goods and
 * services bases of the year's purchase lines of that type (the purchases plugin's rule). A type
 * no purchase line of the year explains cannot be told apart and is returned as unmapped.
 */
async function intraEuParts(tx: Tx, period: TaxPeriod, sums: ModelInput['sums']): Promise<{ parts: IntraEuPart[]; unmapped: string[] }> {
  const groups = (await sums(['taxTypeId', 'taxCode', 'rate', 'deductible', 'capitalGood'], { side: 'received', kinds: ['intra_eu_acquisition'] })).filter((g) => g.key.capitalGood !== true);
  if (!groups.length) return { parts: [], unmapped: [] };
  const natures = new Map((await purchaseNatureBases(tx, period.from, period.to)).map((n) => [n.taxTypeId, [dec(n.goods), dec(n.services)]]));
  const parts: IntraEuPart[] = [];
  const unmapped: string[] = [];
  for (const g of groups) {
    const rate = dec(String(g.key.rate)).rescale(2).toString();
    const weights = natures.get(String(g.key.taxTypeId));
    if (!weights || weights.every((w) => w.isZero())) { unmapped.push(`received intra_eu_acquisition ${g.key.taxCode} ${rate} %: no purchase line of the year tells goods from services`); continue; }
    const [base, quota, deductibleQuota] = [g.base, g.quota, g.deductibleQuota].map((amount) => allocate(dec(amount), weights));
    (['goods', 'services'] as const).forEach((nature, i) => {
      if (base[i].isZero() && quota[i].isZero()) return;
      parts.push({ nature, rate, deductible: g.key.deductible === true, base: base[i].toString(), quota: quota[i].toString(), deductibleQuota: deductibleQuota[i].toString() });
    });
  }
  return { parts, unmapped };
}

export async function compute390({ tx, period, sums, options, prorrata }: ModelInput): Promise<ModelResult> {
  const model303 = findModel('303');
  if (!model303) throw new Unprocessable('Modelo 390 sums the year\'s 303s: modelo 303 is not installed');
  const { sii, exempting_activities_only, main_activity, operations_347 } = options390(options);
  const acquisitions = await intraEuParts(tx, period, sums);
  // the general prorrata: the year's operations and its regularisation, as the last 303 computes them
  const yearly = prorrataYear(prorrata, prorrata.method === 'general' ? await sums(PRORRATA_SUMS_BY) : []);
  const mapped = boxes390((await sums(GROUPED_BY)).map(groupOf), acquisitions.parts, yearly?.regularisation);
  const year303 = await yearOfModel(tx, model303, period.year);
  const returns303 = year303.periods.map(({ result }) => result);
  liquidation390(mapped.boxes, returns303);
  const checks = [...checks303(mapped, returns303.map((r) => r.boxes)), liquidationCheck(mapped.boxes)];
  const reason = exemption({ sii, exemptingActivitiesOnly: exempting_activities_only, periodicity303: year303.periodicity });
  const unmapped = [...mapped.unmapped, ...acquisitions.unmapped];
  return result390(mapped.boxes.toRecord(BOXES_390), reason !== null, {
    filing_required: reason === null,
    ...(reason ? { exemption: reason } : {}),
    main_activity: main_activity || null,
    // page 07: one general prorrata for the company's activity (type G)
    prorrata: yearly ? { ...prorrataYearToJson(yearly), activity: prorrata.activity || main_activity || null, cnae: prorrata.cnae || null, type: 'G' } : null,
    redeme: (await taxProfileOf(tx)).vatRedeme,
    operations_347,
    volume_of_operations: mapped.boxes.get('108').toString(),
    intra_eu_acquisitions: mapped.intraEu,
    returns_303: year303.periods.map(({ period: p, result }) => ({ period: p.code, declaration_type: result.declarationType, result: result.result })),
    periodicity_303: year303.periodicity,
    checks_303: checks,
    ...(unmapped.length ? { unmapped } : {}),
  });
}

export const MODEL_390: TaxModel = {
  code: '390',
  name: 'IVA, declaración-resumen anual',
  periodicities: ['annual'],
  designs: DESIGNS_390.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_390,
  options: OPTIONS_390,
  // filed from the 1st to the 30th of January of the next year: the usual annual calendar
  compute: compute390,
  file: file390,
};
