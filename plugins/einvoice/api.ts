/** What syntax and signing plugins use from the einvoice plugin: the model and the extension points' contracts. */
export type * from './model';
export { InvalidEInvoiceFile, UnprocessableEInvoice, type EInvoiceSigning, type EInvoiceSyntax, type ReadEInvoice, type SignatureCheck, type SignatureVerifier, type WriteOptions, type XmlSigner } from './syntaxes';
