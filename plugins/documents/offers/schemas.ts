import { t, type TSchema } from 'elysia';
import { MONEY_PATTERN } from '../../../kernel/money';
import { literalUnion } from '../../../kernel/schemas';
import {
  Description, DiscountPct, IsoDate, LineResponseFields, lineTaxFields, ListLimit, ListOffset, Money, Notes, Nullable, paginated, Quantity, SALES_LINE_TAXES, TaxBreakdownItem, Timestamp, UnitPrice, Uuid,
} from '../schemas';
import { OFFER_STATES, type OfferKind } from './kind';
import { DEFAULT_VALIDITY_DAYS } from './service';

const Nature = t.Union([t.Literal('goods'), t.Literal('services')], { description: 'Goods (default) or services: carried to the invoice a conversion makes' });

/** The named models of an offer kind: `<Noun>Line`, `<Noun>Create`, `<Noun>Update`, `<Noun>Response`, `PaginatedResponse_<Noun>Response_`. */
export function offerModels(kind: Pick<OfferKind, 'noun' | 'series'>) {
  const noun = kind.noun;
  const State = literalUnion(OFFER_STATES, {
    description: '`draft` (editable) → `sent` → `accepted` | `rejected`; a sent one whose valid_until has passed reads as `expired`',
  });
  const Line = t.Object({
    description: Description, nature: t.Optional(Nature),
    quantity: Quantity, unit_price: UnitPrice, discount_pct: t.Optional(DiscountPct),
    ...lineTaxFields(SALES_LINE_TAXES),
  }, { additionalProperties: false });
  const header = {
    issue_date: IsoDate,
    valid_until: t.Optional(t.String({ ...IsoDate, description: `Last day the offer holds (not before issue_date); ${DEFAULT_VALIDITY_DAYS} days after issue_date when left out` })),
    notes: t.Optional(Nullable(Notes)),
  };
  const Create = t.Object({
    contact_id: t.String({ format: 'uuid', description: 'A customer (kind customer, or flagged customer_and_supplier)' }),
    ...header,
    lines: t.Array(Line, { minItems: 1, maxItems: 500 }),
  }, { additionalProperties: false, description: `Numbered at once in series ${kind.series} (${kind.series}-2026-000001); saved as a draft` });
  const Update = t.Object({
    contact_id: t.Optional(Uuid),
    issue_date: t.Optional(IsoDate),
    valid_until: t.Optional(IsoDate),
    notes: t.Optional(Nullable(Notes)),
    lines: t.Optional(t.Array(Line, { minItems: 1, maxItems: 500, description: 'Replaces every line' })),
  }, { additionalProperties: false, minProperties: 1, description: 'Drafts only (409 once sent); at least one field' });
  const Response = t.Object({
    id: Uuid,
    series: t.String(),
    number: t.String({ description: `${kind.series}-2026-000001: series, year of the issue date, six digits` }),
    status: State,
    contact_id: Uuid,
    issue_date: IsoDate,
    valid_until: IsoDate,
    notes: Nullable(t.String()),
    subtotal: t.String({ pattern: MONEY_PATTERN, description: 'Σ line bases' }),
    tax_total: t.String({ pattern: MONEY_PATTERN, description: 'Σ VAT + recargo de equivalencia' }),
    surcharge_total: Money,
    withholding_total: Money,
    total: t.String({ pattern: MONEY_PATTERN, description: 'subtotal + tax_total − withholding_total' }),
    tax_breakdown: t.Array(TaxBreakdownItem),
    lines: t.Array(t.Object({ ...LineResponseFields, nature: Nature })),
    invoice_id: Nullable(Uuid, { description: 'The draft invoice it was converted into' }),
    sent_at: Nullable(Timestamp),
    decided_at: Nullable(Timestamp, { description: 'When it was accepted (or converted) or rejected' }),
    converted_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  });
  const ListQuery = t.Object({
    limit: ListLimit,
    offset: ListOffset,
    from: t.Optional(IsoDate),
    to: t.Optional(IsoDate),
    status: t.Optional(State),
    contact_id: t.Optional(Uuid),
    search: t.Optional(t.String({ maxLength: 200, description: 'Case- and accent-insensitive, anywhere in the number or the notes; only wildcards (`%`, `_`, `*`) or spaces: 422' })),
  });
  const models: Record<string, TSchema> = {
    [`${noun}Line`]: Line, [`${noun}Create`]: Create, [`${noun}Update`]: Update, [`${noun}Response`]: Response,
    [`PaginatedResponse_${noun}Response_`]: paginated(Response),
  };
  return { models, ListQuery };
}
