import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { softwareProducer } from '../../lib/software-producer';
import type { DocumentIssueStep } from '../documents/api';
import type { InvoicePdfStamp, InvoiceRecord, InvoiceResponseField } from '../invoices/api';
import { appendedJson, invoiceVerifactuJson } from './json';
import { migrations } from './migrations';
import { qrPng } from './qr';
import { verifactuRoutes } from './routes';
import { InvoiceVerifactu, verifactuModels } from './schemas';
import { recordQrUrl, registrationPart, VerifactuService, type AppendResult } from './service';
import { LEGENDS, verifactuSettings } from './settings';
import { qrEnvironment } from './json';
import { archivePart } from './archive';

const responseField: InvoiceResponseField = {
  name: 'verifactu',
  schema: InvoiceVerifactu,
  async load(kernel, tx, invoiceIds) {
    const latest = await VerifactuService.latestByInvoice(tx, invoiceIds);
    return new Map([...latest].map(([id, row]) => [id, invoiceVerifactuJson(kernel, row)]));
  },
  fromIssue: (kernel, appended) => appendedJson(kernel, (typeof appended === 'string' ? JSON.parse(appended) : appended) as AppendResult),
};

/** The registration record, appended by the invoice's issue statement: no invoice is issued without it. */
const issueStep: DocumentIssueStep = {
  name: 'verifactu',
  kinds: ['invoice'],
  plan: ({ record, types, counterparty, issuer, simplified, rectifiesSimplified: told, register }) => {
    const rectifiesSimplified = told ?? register.some((row) => row.rectifies_simplified);
    const { expression, params } = registrationPart({ record: record as InvoiceRecord, types, customer: counterparty, issuer, simplified, rectifiesSimplified });
    return { answer: expression, params };
  },
};

const pdfStamp: InvoicePdfStamp = {
  name: 'verifactu-qr',
  async load(kernel, tx, invoiceId) {
    const record = await VerifactuService.latestOf(tx, invoiceId);
    if (!record) return null;
    const settings = kernel.settings(verifactuSettings);
    return { png: await qrPng(recordQrUrl(qrEnvironment(kernel), record), 600), sizeMm: settings.VERIFACTU_QR_SIZE_MM, caption: LEGENDS[settings.VERIFACTU_QR_LEGEND] };
  },
};

export default definePlugin({
  name: 'verifactu',
  tags: { verifactu: 'VERI*FACTU: the chained, tamper-evident records of issued invoices, their QR codes and the AEAT export (Cuadra keeps and exports; it never sends anything to the AEAT)' },
  dependsOn: ['tenants', 'taxes', 'documents', 'invoices'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: verifactuModels,
  settings: verifactuSettings,
  permissions: {
    'verifactu.read': rolesFrom('viewer'),
    // A cancellation or correction record is the company's statement to the tax authority.
    'verifactu.write': rolesFrom('accountant'),
  },
  contributes: { 'document-issue-steps': [issueStep], 'invoice-response-fields': [responseField], 'invoice-pdf-stamps': [pdfStamp] },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections.verifactu = { records: await VerifactuService.chainRecords(tx) }; },
      'tenant.erasing': async (tx) => { await VerifactuService.eraseTenant(tx); },
    },
  },
  routes: verifactuRoutes,
  // the producer's variables (lib/software-producer.ts) are checked at start-up: a wrong one stops it, naming the variable
  setup(kernel) { softwareProducer(kernel.config); },
});
