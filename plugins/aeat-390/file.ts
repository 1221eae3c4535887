import { Unprocessable } from '../../kernel/errors';
import { preDeclarationFile, record, recordNif, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_390_2025, type Design390 } from './design-2025';
import { options390 } from './options';

/** The 390's designs, oldest first, one file each. */
export const DESIGNS_390: readonly Design390[] = [DESIGN_390_2025];

/**
 * Page 01's marks as the design codes them, for a company Cuadra keeps: not in a VAT group, not
 * in insolvency, not under the cash-basis regime (2 = no), not a substitute return.
 */
const MARKS = {
  vatGroup: '0', groupParent: '0', groupMember: '0', groupAdvanced: '0', insolvency: '2', cashBasis: '2', cashBasisRecipient: '2', substituteForRectification: '0',
  otherActivity1Key: '0', otherActivity2Key: '0', otherActivity3Key: '0', otherActivity4Key: '0', otherActivity5Key: '0',
};

/**
 * The DR390 pre-declaration of a year: the envelope, the `<AUX>` block and the pages of the design
 * with the year's boxes; under the general prorrata, page 07's first prorrata (the company's one
 * activity, type G, the definitive percentage). Refused (422) when the company need not file it,
 * when a register row has no box (the file would leave it out), when the main activity is not
 * given, or under a prorrata without its activity and CNAE code.
 */
export function file390(input: RenderInput): RenderedFile {
  const design = DESIGNS_390.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const details = result.details ?? {};
  if (result.declarationType === 'exempt') throw new Unprocessable(`The company need not file the 390 of ${period.year}: ${details.exemption}`);
  const unmapped = (details.unmapped ?? []) as string[];
  if (unmapped.length) throw new Unprocessable(`The 390 file would leave out register rows no box of the design takes: ${unmapped.join('; ')}`);
  const { main_activity, main_activity_key, main_activity_iae } = options390(input.options);
  if (!main_activity || !main_activity_key || !main_activity_iae) {
    throw new Unprocessable(`The 390 file names the main activity: give main_activity, main_activity_key and main_activity_iae (PUT /api/v1/aeat/390/options?year=${period.year})`);
  }
  const prorrata = details.prorrata as { activity: string | null; cnae: string | null; operations: string; operations_with_right: string; definitive_percent: number } | null | undefined;
  if (prorrata && (!prorrata.activity || !prorrata.cnae)) {
    throw new Unprocessable(`The 390 file names the activity of the prorrata and its CNAE code: give activity and cnae (PUT /api/v1/aeat/prorrata?year=${period.year})`);
  }
  const values = {
    ...result.boxes, ...MARKS,
    ...(prorrata ? {
      prorrata1Activity: prorrata.activity!, prorrata1Cnae: prorrata.cnae!, prorrata1Operations: prorrata.operations, prorrata1Deductible: prorrata.operations_with_right,
      prorrata1Type: 'G', prorrata1Percent: String(prorrata.definitive_percent),
    } : {}), taxId: recordNif(company.taxId), name: company.name, year: period.year,
    redeme: details.redeme === true ? '1' : '0', mainActivity: main_activity, mainActivityKey: main_activity_key, mainActivityIae: main_activity_iae,
    operations347: options390(input.options).operations_347 ? 'X' : '',
  };
  return preDeclarationFile(input, design.pages.map((page) => record(page.fields, values)));
}
