import { Unprocessable } from '../../kernel/errors';
import { preDeclarationFile, record, recordNif, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_115_2016, type Design115 } from './design-2016';

export const DESIGNS_115: readonly Design115[] = [DESIGN_115_2016];

/** The DR115 pre-declaration of a quarter: the envelope, the `<AUX>` block and page 01 with boxes 01–05. */
export function file115(input: RenderInput): RenderedFile {
  const design = DESIGNS_115.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const page = record(design.page01, {
    ...result.boxes, declarationType: result.declarationType, taxId: recordNif(company.taxId), name: company.name, year: period.year, period: period.code,
  });
  return preDeclarationFile(input, [page]);
}
