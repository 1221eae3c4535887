import { Unprocessable } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { TaxRegisterNature, type NatureAmounts } from '../documents/api';
import { capitalGoodsYearToJson, dec, PRORRATA_SUMS_BY, prorrataYear, prorrataYearToJson, taxProfileOf, yearOfModel, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
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
 * The year's intra-EU acquisitions that are not investment goods, split into goods and services
 * by the documents plugin's rule (`TaxRegisterNature`, the one the 349's keys A and I read) and
 * summed in the database by VAT type, rate and deductibility. The rows whose document kind does not
 * say goods or services are counted apart, one message per VAT type and rate.
 */
async function intraEuParts(tx: Tx, period: ModelInput['period']): Promise<{ parts: IntraEuPart[]; unmapped: string[] }> {
  const groups = await TaxRegisterNature.sums(tx, { from: period.from, to: period.to, side: 'received', kinds: ['intra_eu_acquisition'], capitalGood: false }, ['taxCode', 'rate', 'deductible']);
  type Sum = Pick<IntraEuPart, 'nature' | 'rate' | 'deductible'> & NatureAmounts;
  const sums = new Map<string, Sum>();
  // rows that cannot be told, by VAT type and rate: how many, and the first documents' numbers
  const unmapped = new Map<string, { rows: number; documents: string[] }>();
  for (const group of groups) {
    const rate = dec(String(group.key.rate)).rescale(2).toString();
    const deductible = group.key.deductible === true;
    if (group.unmapped) {
      const key = `${group.key.taxCode} ${rate} %`;
      const entry = unmapped.get(key) ?? { rows: 0, documents: [] };
      entry.rows += group.unmapped;
      entry.documents = [...new Set([...entry.documents, ...group.unmappedDocuments])].slice(0, UNMAPPED_LISTED);
      unmapped.set(key, entry);
    }
    for (const kind of ['goods', 'services'] as const) {
      const key = `${kind}|${rate}|${deductible}`;
      const sum = sums.get(key) ?? { nature: kind, rate, deductible, base: Decimal.zero(2), quota: Decimal.zero(2), deductibleQuota: Decimal.zero(2) };
      const amounts = group[kind];
      sums.set(key, { ...sum, base: sum.base.add(amounts.base), quota: sum.quota.add(amounts.quota), deductibleQuota: sum.deductibleQuota.add(amounts.deductibleQuota) });
    }
  }
  const parts = [...sums.values()].filter((p) => !p.base.isZero() || !p.quota.isZero())
    .map((p) => ({ ...p, base: p.base.rescale(2).toString(), quota: p.quota.rescale(2).toString(), deductibleQuota: p.deductibleQuota.rescale(2).toString() }));
  const told = (key: string, { rows, documents }: { rows: number; documents: string[] }) =>
    `received intra_eu_acquisition ${key}: goods or services cannot be told for ${rows === 1 ? documents[0] : `${rows} rows (${documents.join(', ')}${rows > documents.length ? ', …' : ''})`} (its kind does not say, or none of its lines explains the row)`;
  return { parts, unmapped: [...unmapped].map(([key, entry]) => told(key, entry)) };
}

/** How many documents an unmapped message names (a year may hold thousands of such rows: the count says how many). */
const UNMAPPED_LISTED = 10;

export async function compute390({ tx, period, sums, options, prorrata, capitalGoods }: ModelInput): Promise<ModelResult> {
  const model303 = findModel('303');
  if (!model303) throw new Unprocessable('Modelo 390 sums the year\'s 303s: modelo 303 is not installed');
  const { sii, exempting_activities_only, main_activity, operations_347 } = options390(options);
  const acquisitions = await intraEuParts(tx, period);
  // the general prorrata: the year's operations and its regularisation, as the last 303 computes them
  const yearly = prorrataYear(prorrata, prorrata.method === 'general' ? await sums(PRORRATA_SUMS_BY) : []);
  // the capital goods of the years before (arts. 107–109), as the last 303's box 43
  const capital = await capitalGoods();
  const mapped = boxes390((await sums(GROUPED_BY)).map(groupOf), acquisitions.parts, yearly?.regularisation, capital?.total);
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
    ...(capital?.goods.length ? { capital_goods: capitalGoodsYearToJson(capital) } : {}),
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
  readsProrrata: true,
  file: file390,
};
