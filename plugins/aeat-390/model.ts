import { Unprocessable } from '../../kernel/errors';
import { yearOfModel, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { BOXES_390 } from './boxes';
import { boxes390, checks303, exemption, GROUPED_BY, groupOf, result390 } from './compute';
import { OPTIONS_390, options390 } from './options';

/**
 * How the 390 finds the 303: through the `tax-models` contributions (set by the plugin's `setup`),
 * never by importing the 303's plugin. One lookup per process, the last app's: apps booted in one
 * process (the tests) share the same model objects, so any of them finds the same 303.
 */
let findModel: (code: string) => TaxModel | undefined = () => undefined;
export const useModels = (find: (code: string) => TaxModel | undefined) => { findModel = find; };

export async function compute390({ tx, period, sums, options }: ModelInput): Promise<ModelResult> {
  const model303 = findModel('303');
  if (!model303) throw new Unprocessable('Modelo 390 sums the year\'s 303s: modelo 303 is not installed');
  const { sii, exempting_activities_only, main_activity } = options390(options);
  const mapped = boxes390((await sums(GROUPED_BY)).map(groupOf));
  const year303 = await yearOfModel(tx, model303, period.year);
  const checks = checks303(mapped, year303.periods.map((p) => p.result.boxes));
  const reason = exemption({ sii, exemptingActivitiesOnly: exempting_activities_only, periodicity303: year303.periodicity });
  const boxes = mapped.boxes.toRecord(BOXES_390);
  const volume = mapped.boxes.sum('99', '103', '104', '105', '110');
  return result390(boxes, reason !== null, {
    filing_required: reason === null,
    ...(reason ? { exemption: reason } : {}),
    main_activity: main_activity || null,
    prorrata: null,
    volume_of_operations: volume.toString(),
    intra_eu_acquisitions: mapped.intraEu,
    returns_303: year303.periods.map(({ period: p, result }) => ({ period: p.code, declaration_type: result.declarationType, result: result.result })),
    periodicity_303: year303.periodicity,
    checks_303: checks,
    ...(mapped.unmapped.length ? { unmapped: mapped.unmapped } : {}),
  });
}

export const MODEL_390: TaxModel = {
  code: '390',
  name: 'IVA, declaración-resumen anual',
  periodicities: ['annual'],
  // no record design is known to this plugin: JSON and CSV only (docs/domain/modelo-390.md)
  designs: [],
  boxes: BOXES_390,
  options: OPTIONS_390,
  // filed from the 1st to the 30th of January of the next year: the usual annual calendar
  compute: compute390,
};
