import { describe, expect, test } from 'bun:test';
import { readXml, XmlRefused, type XmlLimits } from '../../lib/xml-limits';

const LIMITS: XmlLimits = { maxBytes: 10_000, maxDepth: 5, maxNodes: 20, maxTextLength: 50 };
const bytes = (xml: string) => new TextEncoder().encode(xml);
const refusal = (xml: string, limits = LIMITS) => {
  try {
    readXml(bytes(xml), limits);
  } catch (error) {
    if (error instanceof XmlRefused) return { reason: error.reason, tooLarge: error.tooLarge };
    throw error;
  }
  return undefined;
};

describe('readXml', () => {
  test('reads a document within its limits, the predefined entities decoded', () => {
    expect(readXml(bytes('<a><b c="1">Dos &amp; Cía &lt;SL&gt;</b></a>'), LIMITS, { ignoreAttributes: false, attributeNamePrefix: '@' }))
      .toEqual({ a: { b: { '#text': 'Dos & Cía <SL>', '@c': '1' } } });
  });

  test('refuses a DOCTYPE, so no entity is declared, fetched or expanded', () => {
    expect(refusal('<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>')?.reason).toContain('DOCTYPE');
    expect(refusal('<!doctype a [<!ENTITY e "x">]><a>&e;</a>')?.reason).toContain('DOCTYPE');
  });

  test('refuses what goes beyond each limit, saying which', () => {
    expect(refusal(`<a>${'x'.repeat(20_000)}</a>`)).toEqual({ reason: 'The XML file is 20007 bytes; at most 10000 are accepted', tooLarge: true });
    expect(refusal('<a><b><c><d><e><f>1</f></e></d></c></b></a>')?.reason).toBe('Nested deeper than 5 levels');
    expect(refusal(`<a>${'<b/>'.repeat(30)}</a>`)?.reason).toBe('More than 20 elements and attributes');
    expect(refusal(`<a>${'x'.repeat(60)}</a>`)?.reason).toBe('A value of 60 characters; at most 50 are accepted');
    expect(refusal('<a b="1"><c></a>')?.reason).toStartWith('Malformed XML');
  });
});
