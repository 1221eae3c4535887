import { Elysia } from 'elysia';
import { draftDocumentsCheck } from './year-end-check';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import './events';
import { registerDocumentKind } from './kinds';
import { installIssueSteps } from './issue-steps';
import { eventStep, registerStep } from './issue-steps-own';
import { migrations } from './migrations';
import { documentsService } from './service';
import { addedMigrations } from './added-migrations';
import { documentFormatsPoint, pdfFormat } from './formats';
import { collectionAccountsPoint } from './payment-details';
import { documentRoutes } from './routes';
import { settlementRoutes } from './settlement-routes';
import { settlementModels } from './settlement-schemas';
import { eraseRegister, repointRegister } from './tax-register';
import { currencyMigrations, DocumentCurrencies } from './currency';
import { archivePart } from './archive';

/**
 * What sales and purchase documents share: lines and arithmetic, numbering, party snapshots, the
 * lifecycle and its immutability triggers, the tax register (and the VAT books read from it) and
 * settlements. Document kinds (invoices, purchases) contribute to its `document-kinds` extension
 * point and build on ./api.ts; this plugin reads none of their tables.
 */
export default definePlugin({
  name: 'documents',
  tags: {
    'tax-books': 'VAT record books (libros registro de IVA) of issued and received invoices, as CSV or spreadsheet',
    settlements: 'Open items of every document kind, and payments (settlements) that settle one or several documents',
  },
  // exchange-rates: documents in another currency are converted with its rule (./currency.ts)
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'exchange-rates'],
  models: settlementModels,
  migrations: [...migrations, ...addedMigrations, ...currencyMigrations],
  extensionPoints: {
    'document-kinds': { description: 'a kind of document the documents plugin numbers, guards, registers and settles', key: (kind) => kind.name },
    ...documentFormatsPoint,
    ...collectionAccountsPoint,
    'document-issue-steps': { description: 'a step of issuing a document: a part of the issue statement built by the plugin that owns its tables', key: (step) => step.name },
  },
  contributes: { 'document-formats': [pdfFormat], 'document-issue-steps': [registerStep, eventStep] },
  // drafts dated in a year hold back its close, when the fiscal-years plugin is installed
  contributesIfInstalled: { 'company-archive': [archivePart], 'year-end-checks': [draftDocumentsCheck] },
  permissions: {
    'tax-books.read': rolesFrom('viewer'),
    'settlements.read': rolesFrom('viewer'),
    // like the documents' payment routes (invoices.issue, purchases.write): members record payments
    'settlements.write': rolesFrom('member'),
    // bringing another system's open items in writes issued documents and register rows: a migration, by whoever keeps the books
    'open-items.import': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'contact.merging': async (tx, payload) => { await repointRegister(tx, payload.survivorId, payload.duplicateIds); },
      'tenant.erasing': async (tx) => { await eraseRegister(tx); await DocumentCurrencies.erase(tx); },
    },
  },
  routes: (kernel) => new Elysia({ name: 'cuadra:documents-all' }).use(documentRoutes(kernel)).use(settlementRoutes(kernel)),
  setup(kernel) {
    for (const kind of kernel.contributions('document-kinds')) registerDocumentKind(kind);
    installIssueSteps(kernel.contributions('document-issue-steps'));
    kernel.provide('documents', documentsService);
  },
});
