import { Unprocessable } from '../../kernel/errors';
import { preDeclarationFile, record, recordNif, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_130_2015, type Design130 } from './design-2015';

export const DESIGNS_130: readonly Design130[] = [DESIGN_130_2015];

/**
 * The DR130 pre-declaration of a quarter: the envelope, the `<AUX>` block and page 01 with boxes
 * 01–19. The company's name goes whole into "apellidos" (the tenant does not keep surnames and
 * first name apart); "nombre" is blank.
 */
export function file130(input: RenderInput): RenderedFile {
  const design = DESIGNS_130.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const page = record(design.page01, {
    ...result.boxes, declarationType: result.declarationType, taxId: recordNif(company.taxId), surnames: company.name, year: period.year, period: period.code,
  });
  return preDeclarationFile(input, [page]);
}
