import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';
import { literalUnion, Nullable } from '../../kernel/schemas';
import { MATCH_METHODS } from './api';

const Uuid = t.String({ format: 'uuid' });
const FEE = 'A bank fee the bank kept from this payment: the document is settled for the movement\'s amount plus the fee (money in; minus the fee for money out, where the bank charged it on top), and the fee goes from the suspense account 555x to 626 Servicios bancarios in the same match (undone with it). Less than the amount the movement applies. The board proposes it (`fee_amount` of a candidate) when a payment is short of what is due by a fee-like gap';
const PositiveMoney = t.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Positive decimal string with up to two decimals', examples: ['1210.00'] });
const Score = t.Number({ minimum: 0, maximum: 1, description: '0–1: how sure the board is' });
const Method = literalUnion(MATCH_METHODS, { description: 'How the match was made: `manual` (a person picked the document or account), `suggestion` (a board proposal accepted), `auto` (auto-matching, unambiguous and above the company\'s threshold), `rule` (auto-categorised by a category the company taught)' });

export const ManualMatchRequest = t.Object({
  movement_id: Uuid,
  document_id: t.String({ format: 'uuid', description: 'A sales or purchase document with something due' }),
  amount: t.Optional(t.String({ ...PositiveMoney, description: 'Part of the movement to apply (default: all that is left of it). Several calls split one movement over several documents' })),
  allow_overpayment: t.Optional(t.Boolean({ default: false, description: 'Accept an amount above what the document owes (otherwise 409)' })),
  fee_amount: t.Optional(t.String({ ...PositiveMoney, description: FEE })),
}, { additionalProperties: false });

export const MatchCreate = t.Object({
  movement_id: Uuid,
  allocations: t.Array(t.Object({
    document_id: Uuid,
    amount: t.Optional(PositiveMoney),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 50, description: 'The documents the movement pays (a board candidate\'s `documents`); without amounts each takes what it owes until the movement is used up' }),
  allow_overpayment: t.Optional(t.Boolean({ default: false })),
  fee_amount: t.Optional(t.String({ ...PositiveMoney, description: `${FEE}. With several documents, the last one listed bears it` })),
  score: t.Optional(Score),
}, { additionalProperties: false });

export const CategorizeRequest = t.Object({
  movement_id: Uuid,
  account: t.String({ pattern: '^[1-9][0-9]{2,11}$', description: 'A postable account of the chart (626 bank fees, 4750 VAT, 476 social security, 640 salaries…); not a treasury (57x) or 555 account' }),
  description: t.Optional(t.String({ minLength: 1, maxLength: 500 })),
  suggested: t.Optional(t.Boolean({ default: false, description: 'True when accepting a board proposal (recorded as method `suggestion`)' })),
}, { additionalProperties: false });

export const MatchResponse = t.Object({
  id: Uuid,
  movement_id: Uuid,
  treasury_id: Uuid,
  target: literalUnion(['documents', 'category'] as const, { description: '`documents` settled, or the movement categorised to `account`' }),
  method: Method,
  date: t.String({ format: 'date' }),
  amount: t.String({ pattern: MONEY_PATTERN, description: 'Of the movement, applied by this match (positive)' }),
  document_ids: t.Array(Uuid),
  settlement_ids: t.Array(Uuid),
  account: Nullable(t.String()),
  journal_entry_id: t.String({ format: 'uuid', description: 'The settlement or categorisation entry (555x to the document\'s or category\'s account)' }),
  fee_amount: Nullable(t.String({ pattern: MONEY_PATTERN, description: 'The bank fee recorded with the match (626), or null' })),
  fee_entry_id: Nullable(t.String({ format: 'uuid', description: 'The entry moving the fee from 555x to 626, or null' })),
  score: Nullable(t.String()),
  created_at: t.String({ format: 'date-time' }),
  undone_at: Nullable(t.String({ format: 'date-time' })),
  undo_entry_id: Nullable(Uuid),
});

const Reason = t.Object({
  kind: literalUnion(['exact_amount', 'near_amount', 'fee_deducted', 'partial_amount', 'grouped', 'name', 'iban', 'learned', 'reference', 'date', 'rule'] as const),
  detail: t.String(),
});

export const BoardCandidate = t.Object({
  score: Score,
  documents: t.Array(t.Object({
    document_id: Uuid,
    kind: literalUnion(['receivable', 'payable'] as const),
    number: t.String(),
    contact_id: Uuid,
    outstanding: t.String({ pattern: MONEY_PATTERN }),
    amount: t.String({ pattern: MONEY_PATTERN, description: 'What the movement would apply to it' }),
  })),
  fee_amount: Nullable(t.String({ pattern: MONEY_PATTERN, description: 'Money in short of what is due by a fee-like gap (at most 3.5 % or 15 €): the fee to record with the match (send it as `fee_amount` when accepting); null otherwise' })),
  reasons: t.Array(Reason),
});

const BoardMovement = t.Object({
  id: Uuid,
  treasury_id: Uuid,
  date: t.String({ format: 'date' }),
  value_date: Nullable(t.String({ format: 'date' })),
  amount: t.String({ pattern: MONEY_PATTERN, description: 'Signed: positive money in, negative money out' }),
  description: t.String(),
  reference: Nullable(t.String()),
  counterparty: Nullable(t.String()),
  counterparty_iban: Nullable(t.String()),
  status: t.String(),
  matched_document_ids: t.Array(Uuid, { description: 'Documents part of it is already matched to' }),
}, { description: 'The movement as GET /bank-movements/{id} has it (the board\'s fields)' });

export const BoardItem = t.Object({
  movement: BoardMovement,
  remaining: t.String({ pattern: MONEY_PATTERN, description: 'What of the movement is not matched yet (positive)' }),
  ambiguous: t.Boolean({ description: 'Two candidates too close to tell apart: nothing is proposed nor auto-matched' }),
  proposal: Nullable(BoardCandidate),
  candidates: t.Array(BoardCandidate, { description: 'Best first, at most 5' }),
  categories: t.Array(t.Object({ account: t.String(), name: t.String(), score: Score, reasons: t.Array(Reason) }), { description: 'For a movement that pays no document: accounts to send it to, best first' }),
});

export const ReconciliationBoard = t.Object({
  items: t.Array(BoardItem),
  total: t.Integer({ minimum: 0, description: 'Unmatched movements in the filter' }),
  limit: t.Integer(),
  offset: t.Integer(),
});

export const ReconciliationSettings = t.Object({
  auto_match: t.Boolean({ description: 'Off by default' }),
  auto_match_threshold: t.String({ description: 'Lowest score auto-matching accepts (0.5–1)' }),
});

export const ReconciliationSettingsUpdate = t.Object({
  auto_match: t.Optional(t.Boolean()),
  auto_match_threshold: t.Optional(t.Number({ minimum: 0.5, maximum: 1 })),
}, { additionalProperties: false });

export const AutoMatchResponse = t.Object({ considered: t.Integer(), matched: t.Integer(), categorized: t.Integer() });

export const BoardQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 5000, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  treasury_id: t.Optional(t.String({ format: 'uuid' })),
});

export const MatchListQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  movement_id: t.Optional(t.String({ format: 'uuid' })),
  include_undone: t.Optional(t.Boolean({ default: false })),
});

export const reconciliationModels = {
  ManualMatchRequest, MatchCreate, CategorizeRequest, MatchResponse, ReconciliationBoard, ReconciliationSettings, ReconciliationSettingsUpdate, AutoMatchResponse,
  PaginatedResponse_MatchResponse_: t.Object({ items: t.Array(MatchResponse), total: t.Integer({ minimum: 0 }), limit: t.Integer(), offset: t.Integer() }),
};
