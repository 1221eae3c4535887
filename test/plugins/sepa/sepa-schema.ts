import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** A SEPA file checked against the schema shipped in plugins/sepa/xsd: the list of errors (empty when valid). */
export async function schemaErrors(xml: string, message: 'pain.001.001.09' | 'pain.008.001.08'): Promise<string[]> {
  const name = `${message}.cuadra.xsd`;
  const result = await validateXML({
    xml: { fileName: `${message}.xml`, contents: xml },
    schema: { fileName: name, contents: readFileSync(join(import.meta.dir, '../../../plugins/sepa/xsd', name), 'utf8') },
  });
  return result.errors.map((e) => e.rawMessage);
}

/** The text of every `tag` element of a file, in order. */
export const texts = (xml: string, tag: string): string[] => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);
