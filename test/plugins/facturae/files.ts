import { Decimal } from '../../../kernel/money';
import { FACTURAE_NAMESPACES, type FacturaeVersion } from '../../../plugins/facturae/versions';

/** Facturae files written by hand for the tests, from a file Cuadra wrote (plugins/facturae/write.ts). */

/**
 * A Facturae 3.2.2 file Cuadra wrote, rewritten by hand as the same invoice in an earlier version
 * (versions.ts lists the differences): its namespace and schema version; without what 3.2.2 added
 * (FileReference, the corrected invoice's InvoiceIssueDate); for 3.2, amounts with its exact decimals.
 */
export function inVersion(xml: string, version: FacturaeVersion): string {
  let out = xml.replace(FACTURAE_NAMESPACES['3.2.2'], FACTURAE_NAMESPACES[version])
    .replace('<SchemaVersion>3.2.2</SchemaVersion>', `<SchemaVersion>${version}</SchemaVersion>`)
    .replace(/<FileReference>[^<]*<\/FileReference>/, '')
    .replace(/(<\/AdditionalReasonDescription>|<\/CorrectionMethodDescription>)<InvoiceIssueDate>[^<]*<\/InvoiceIssueDate>/, '$1');
  if (version === '3.2') {
    const places = (digits: number) => (_: string, name: string, value: string) => `<${name}>${Decimal.parse(value, 8).rescale(digits).toString()}</${name}>`;
    out = out.replace(/<(UnitPriceWithoutTax|TotalCost|GrossAmount|DiscountAmount)>([^<]+)<\/\1>/g, places(6))
      .replace(/<(DiscountRate)>([^<]+)<\/\1>/g, places(4))
      .replace(/<(TaxRate|EquivalenceSurcharge)>([^<]+)<\/\1>/g, places(2));
  }
  return out;
}

/**
 * A batch (modality L) of the file's one invoice and a copy of it for each of `otherNumbers`
 * (numbered so), the batch's totals the sums.
 */
export function batchOf(xml: string, ...otherNumbers: string[]): string {
  const invoice = /<Invoice>.*<\/Invoice>/s.exec(xml)![0];
  const number = /<InvoiceNumber>([^<]+)<\/InvoiceNumber>/.exec(invoice)![1];
  const others = (otherNumbers.length ? otherNumbers : ['F-2026-000008'])
    .map((other) => invoice.replace(`<InvoiceNumber>${number}</InvoiceNumber>`, `<InvoiceNumber>${other}</InvoiceNumber>`));
  const total = (text: string) => Decimal.parse(/<InvoiceTotal>([^<]+)<\/InvoiceTotal>/.exec(text)![1], 2);
  const sum = others.reduce((s, other) => s.add(total(other)), total(invoice)).toString();
  return xml.replace('<Modality>I</Modality>', '<Modality>L</Modality>').replace('<InvoicesCount>1</InvoicesCount>', `<InvoicesCount>${others.length + 1}</InvoicesCount>`)
    .replace(/<Batch>(.*?)<\/Batch>/s, (batch) => batch.replace(/<TotalAmount>[^<]+<\/TotalAmount>/g, `<TotalAmount>${sum}</TotalAmount>`))
    .replace(invoice, invoice + others.join(''));
}
