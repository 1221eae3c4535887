/** What other plugins may use from the CII plugin beyond its `einvoice-syntaxes` contribution. */
export { ciiXml, writeCii } from './write';
export { ciiToModel, CII_LIMITS, readCii } from './read';
export { EN16931_GUIDELINE, NS as CII_NAMESPACES } from './conventions';
