import { t } from 'elysia';
import { Nullable } from '../../kernel/schemas';

const Count = (description: string) => Nullable(t.Integer({ minimum: 0, description: `${description}; null when the caller's role there may not read it` }));

export const NEEDS = ['reconciliation', 'taxes_due', 'review', 'overdue_invoices'] as const;
export const SORTS = ['name', 'next_tax_due', 'last_activity', 'unreconciled_movements', 'overdue_invoices', 'purchases_to_review'] as const;

const TaxDue = t.Object({
  model: t.String({ description: 'The model\'s code: 303, 111, 115, 130, …' }),
  year: t.Integer(),
  period: t.String({ description: '1T–4T, 01–12 or 0A' }),
  from: t.String({ format: 'date' }),
  to: t.String({ format: 'date' }),
  due_date: t.String({ format: 'date', description: 'The last day to file it' }),
  settled: t.Boolean({ description: 'Its settlement is posted in the books (POST /aeat/{model}/settle)' }),
  result: Nullable(t.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'What the model computes for the period, as its own endpoints do (GET /aeat/{model}/summary `result`): to pay when positive, to refund or carry forward when negative; null for a model the workspace does not compute (it computes those that read only the tax register\'s sums and the ledger\'s totals: 303, 111, 115, 130)' })),
  declaration_type: Nullable(t.String({ description: 'The declaration type of that result (I ingreso, N sin actividad, C compensación, D devolución, …); null with `result`' })),
});

export const WorkspaceCompany = t.Object({
  tenant_id: t.String({ format: 'uuid' }),
  name: t.String(),
  tax_id: t.String(),
  kind: t.Union([t.Literal('company'), t.Literal('firm')]),
  role: t.String({ description: 'The caller\'s role there (through a firm: the grant\'s, capped at the caller\'s own in the firm)' }),
  via_firm_id: Nullable(t.String({ format: 'uuid', description: 'The accounting firm the caller reaches this company through; null for a company the caller belongs to' })),
  unreconciled_movements: Count('Bank movements not yet reconciled'),
  draft_invoices: Count('Sales invoices still drafts'),
  overdue_invoices: Count('Issued sales invoices not fully collected whose due date has passed'),
  purchases_to_review: Count('Purchases read from an uploaded file that are still drafts to review'),
  taxes_due: Nullable(t.Array(TaxDue, { description: 'The models that apply to the company (its tax profile) whose period has ended and whose deadline has not passed, soonest first; null when the caller\'s role there may not read tax models' })),
  lock_date: Nullable(t.String({ format: 'date', description: 'Nothing dated on or before it reaches the books (null: no lock, or not readable)' })),
  last_closed_fiscal_year: Nullable(t.Integer({ description: 'The last fiscal year closed and not reopened' })),
  last_activity: Nullable(t.String({ format: 'date-time', description: 'The last write in the company (its audit log); null with none, or for roles that may not read the audit log' })),
});

export const WorkspacePage = t.Object({
  items: t.Array(WorkspaceCompany),
  total: t.Integer({ minimum: 0 }),
  limit: t.Integer(),
  offset: t.Integer(),
});

export const WorkspaceQuery = t.Object({
  needs: t.Optional(t.Union(NEEDS.map((need) => t.Literal(need)), {
    description: '`reconciliation`: movements to reconcile; `taxes_due`: a model due and not settled; `review`: purchases to review or draft invoices; `overdue_invoices`: invoices past due',
  })),
  sort: t.Optional(t.Union(SORTS.map((sort) => t.Literal(sort)), { default: 'name', description: '`name` ascending; `next_tax_due`: the soonest unsettled deadline first; the others largest (latest) first' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
});

export const workspaceModels = { WorkspaceCompany, WorkspacePage };
