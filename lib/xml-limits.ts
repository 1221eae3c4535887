import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';

/**
 * XML from outside (a bank statement, an e-invoice) read within limits, so that no file can make
 * the service fetch, expand or hold more than it should:
 * - no document type declaration: a DOCTYPE is where entities are declared, so refusing it refuses
 *   external (SYSTEM, XXE) and expanding (billion laughs) entities alike; only the five predefined
 *   ones (`&amp;` …) are decoded;
 * - at most `maxBytes` of text, `maxDepth` levels of nesting, `maxNodes` elements and attributes
 *   (a very wide file) and `maxTextLength` characters in one text or attribute value;
 * - well-formed, as fast-xml-parser's validator sees it.
 * Anything else is an `XmlRefused`, whose `tooLarge` says whether the size limit was the reason.
 */

export interface XmlLimits {
  maxBytes: number;
  maxDepth: number;
  maxNodes: number;
  maxTextLength: number;
}

export class XmlRefused extends Error {
  constructor(readonly reason: string, readonly tooLarge = false) {
    super(reason);
  }
}

/** What a parse may be told beyond the limits (attributes, arrays, value handling). */
export type XmlReadOptions = Omit<X2jOptions, 'processEntities' | 'htmlEntities' | 'maxNestedTags' | 'updateTag' | 'tagValueProcessor' | 'attributeValueProcessor'>;

/**
 * The reading most documents want: attributes kept under `@name`, every value as the text it is
 * (no number parsing: amounts stay exact strings), trimmed, namespace prefixes dropped unless
 * `keepPrefixes`, and the named elements always arrays.
 */
export function textReadOptions(arrays: ReadonlySet<string>, keepPrefixes = false): XmlReadOptions {
  return {
    ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: !keepPrefixes, parseTagValue: false, parseAttributeValue: false, trimValues: true,
    ...(arrays.size ? { isArray: (name: string) => arrays.has(name) } : {}),
  };
}

const DOCTYPE = /<!DOCTYPE/i;

/** Parses `bytes` as UTF-8 XML within `limits`, or throws `XmlRefused`. */
export function readXml(bytes: Uint8Array, limits: XmlLimits, options: XmlReadOptions = {}): any {
  if (bytes.length > limits.maxBytes) throw new XmlRefused(`The XML file is ${bytes.length} bytes; at most ${limits.maxBytes} are accepted`, true);
  const xml = new TextDecoder('utf-8').decode(bytes);
  if (DOCTYPE.test(xml)) throw new XmlRefused('A document type declaration (DOCTYPE, and with it any entity) is not accepted');
  let nodes = 0;
  const counted = () => {
    if (++nodes > limits.maxNodes) throw new XmlRefused(`More than ${limits.maxNodes} elements and attributes`);
  };
  const bounded = (value: unknown) => {
    if (typeof value === 'string' && value.length > limits.maxTextLength) throw new XmlRefused(`A value of ${value.length} characters; at most ${limits.maxTextLength} are accepted`);
    return value;
  };
  const parser = new XMLParser({
    ...options,
    processEntities: { enabled: true, maxEntityCount: 0 },
    htmlEntities: false,
    // fast-xml-parser refuses a tag nested deeper than maxNestedTags + 1 levels
    maxNestedTags: limits.maxDepth - 1,
    updateTag: (name) => {
      counted();
      return name;
    },
    tagValueProcessor: (_name, value) => bounded(value),
    attributeValueProcessor: (_name, value) => {
      counted();
      return bounded(value);
    },
  });
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    if (error instanceof XmlRefused) throw error;
    const message = (error as Error).message ?? String(error);
    throw new XmlRefused(/nested tags/i.test(message) ? `Nested deeper than ${limits.maxDepth} levels` : `Malformed XML: ${message}`);
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlRefused(`Malformed XML (line ${valid.err.line}): ${valid.err.msg}`);
  return document;
}
