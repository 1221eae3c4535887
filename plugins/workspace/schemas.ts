import { t } from 'elysia';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);
const Count = (description: string) => Nullable(t.Integer({ minimum: 0, description: `${description}; null when the caller's role there may not read it` }));

export const NEEDS = ['reconciliation', 'review', 'overdue_invoices'] as const;
export const SORTS = ['name', 'last_activity', 'unreconciled_movements', 'overdue_invoices', 'purchases_to_review'] as const;

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
    description: '`reconciliation`: movements to reconcile; `review`: purchases to review or draft invoices; `overdue_invoices`: invoices past due',
  })),
  sort: t.Optional(t.Union(SORTS.map((sort) => t.Literal(sort)), { default: 'name', description: '`name` ascending; the others largest (latest) first' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
});

export const workspaceModels = { WorkspaceCompany, WorkspacePage };
