/**
 * The root element of an uploaded XML file, read from its start tag alone (the syntax that takes
 * the file parses it once): prefixes and their declarations, the XML declaration, comments and
 * processing instructions before it, quoted values holding '>', and the refusals (a DOCTYPE, no
 * root, malformed XML no syntax takes) with the reason the full parse gives.
 */
import { describe, expect, test } from 'bun:test';
import { rootOf } from '../../../plugins/purchase-ingestion/einvoice-file';
import { ValidationFailed } from '../../../kernel/errors';

const bytes = (text: string) => new TextEncoder().encode(text);
const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';

function refusal(text: string): string {
  try {
    rootOf(bytes(text));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).message;
  }
  throw new Error('not refused');
}

describe('the root element of an e-invoice file', () => {
  test('default and prefixed namespaces, declared on the root', () => {
    expect(rootOf(bytes(`<Invoice xmlns="${UBL}" xmlns:cbc="urn:x"><cbc:ID>1</cbc:ID></Invoice>`))).toEqual({ namespace: UBL, localName: 'Invoice' });
    expect(rootOf(bytes(`<ubl:Invoice xmlns:cac="urn:cac" xmlns:ubl='${UBL}'><x/></ubl:Invoice>`))).toEqual({ namespace: UBL, localName: 'Invoice' });
    expect(rootOf(bytes('<fe:Facturae xmlns:ds="urn:ds" xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml"/>')))
      .toEqual({ namespace: 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml', localName: 'Facturae' });
    // a prefix not declared on the root has no namespace
    expect(rootOf(bytes('<ubl:Invoice xmlns="urn:other"/>'))).toEqual({ namespace: null, localName: 'Invoice' });
  });

  test('after a byte order mark, the XML declaration, comments and processing instructions; a quoted ">" does not end the tag', () => {
    const text = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- generated > by hand -->\n<?xml-stylesheet href="a.xsl"?>\n<Invoice note="a > b" xmlns="${UBL}"></Invoice>`;
    expect(rootOf(bytes(text))).toEqual({ namespace: UBL, localName: 'Invoice' });
    // a start tag beyond the first 64 KiB (a long comment before it) is still found
    expect(rootOf(bytes(`<!--${'x'.repeat(70_000)}--><Invoice xmlns="${UBL}"/>`))).toEqual({ namespace: UBL, localName: 'Invoice' });
  });

  test('refused: a DOCTYPE, no root element, text that is not XML', () => {
    expect(refusal('<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x "y">]><Invoice>&x;</Invoice>')).toContain('DOCTYPE');
    expect(refusal('<?xml version="1.0"?>')).toMatch(/no root element|not a readable XML document/);
    expect(refusal('<!-- only a comment -->')).toMatch(/no root element|not a readable XML document/);
  });
});
