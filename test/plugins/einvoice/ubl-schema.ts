import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const dir = join(import.meta.dir, '../../../plugins/ubl/xsd');
const file = (name: string) => ({ fileName: name, contents: readFileSync(join(dir, name), 'utf8') });

/** A UBL Invoice or CreditNote checked against the schema shipped in plugins/ubl/xsd: the errors (empty when valid). */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const main = /<CreditNote[\s>]/.test(xml) ? 'ubl-creditnote.cuadra.xsd' : 'ubl-invoice.cuadra.xsd';
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, schema: file(main), preload: [file('ubl-cac.cuadra.xsd'), file('ubl-cbc.cuadra.xsd')] });
  return result.errors.map((e) => e.rawMessage);
}
