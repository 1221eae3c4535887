import { Elysia, t } from 'elysia';
import { Forbidden } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { queryBounds } from '../../kernel/query-bounds';
import type { Candidate } from './scoring';
import { BoardQuery, MatchListQuery, reconciliationModels } from './schemas';
import type { BoardItem, ReconciliationService } from './service';

const tags = ['reconciliation'];
const MatchParams = t.Object({ id: t.String({ format: 'uuid' }) });

const candidateJson = (c: Candidate) => ({
  score: c.score,
  documents: c.documents.map((d) => ({ document_id: d.id, kind: d.kind, number: d.number, contact_id: d.contactId, outstanding: d.outstanding, amount: d.amount })),
  fee_amount: c.feeAmount,
  reasons: c.reasons,
});

const boardItemJson = ({ movement, remaining, suggestions }: BoardItem) => ({
  movement: {
    id: movement.id, treasury_id: movement.treasury_id, date: movement.date, value_date: movement.value_date, amount: movement.amount, description: movement.description,
    reference: movement.reference, counterparty: movement.counterparty, counterparty_iban: movement.counterparty_iban, status: movement.status,
    matched_document_ids: movement.matched_document_ids,
  },
  remaining,
  ambiguous: suggestions.ambiguous,
  proposal: suggestions.proposal ? candidateJson(suggestions.proposal) : null,
  candidates: suggestions.candidates.map(candidateJson),
  categories: suggestions.categories,
});

/**
 * What the board shows besides suggestions: the bank movements (treasury), the candidate documents
 * of every kind (invoices, purchases …) and, in the reasons, contacts' names. The caller must be
 * able to read each through its own routes.
 */
const boardReads = (kernel: Kernel): string[] =>
  ['treasury.read', 'contacts.read', ...kernel.contributions('document-kinds').map((kind) => `${kind.plugin}.read`)];

export const reconciliationRoutes = (kernel: Kernel, service: ReconciliationService) =>
  new Elysia({ name: 'cuadra:reconciliation', prefix: '/reconciliation' })
    .use(kernel.http)
    .model(reconciliationModels)
    .post('/manual-match', async ({ uow, body, set }) => {
      const match = await uow.run((tx) => service.matchDocuments(tx, {
        movementId: body.movement_id, allocations: [{ documentId: body.document_id, amount: body.amount }], allowOverpayment: body.allow_overpayment, fee: body.fee_amount, method: 'manual',
      }));
      set.status = 201;
      return match;
    }, {
      permission: 'reconciliation.write', body: 'ManualMatchRequest', response: { 201: 'MatchResponse' }, effect: 'settle',
      detail: {
        summary: 'Link a movement to a document; body fields movement_id, document_id',
        description: 'Settles the document (a sales or purchase invoice) with the movement: one entry moves the amount from the treasury\'s suspense account 555x to the customer\'s or supplier\'s account, the document\'s amount_paid, amount_due and status follow, and the movement becomes `matched` once all of it is applied. `amount` applies part of the movement (one movement paying several documents: one call each); more than the document owes is 409 unless `allow_overpayment`. `fee_amount` records a bank fee kept from the payment: the document is settled for the amount plus the fee and the fee goes to 626 in the same match. Undo with DELETE /reconciliation/matches/{id}.',
        tags,
      },
    })
    .post('/matches', async ({ uow, body, set }) => {
      const match = await uow.run((tx) => service.matchDocuments(tx, {
        movementId: body.movement_id, allocations: body.allocations.map((a) => ({ documentId: a.document_id, amount: a.amount })),
        allowOverpayment: body.allow_overpayment, fee: body.fee_amount, method: 'suggestion', score: body.score ?? null,
      }));
      set.status = 201;
      return match;
    }, {
      permission: 'reconciliation.write', body: 'MatchCreate', response: { 201: 'MatchResponse' }, effect: 'settle',
      detail: { summary: 'Accept a board candidate: settle one or several documents with a movement in one entry (method `suggestion`)', tags },
    })
    .post('/categorize', async ({ uow, body, set }) => {
      const match = await uow.run((tx) => service.categorize(tx, { movementId: body.movement_id, account: body.account, description: body.description, method: body.suggested ? 'suggestion' : 'manual' }));
      set.status = 201;
      return match;
    }, {
      permission: 'reconciliation.write', body: 'CategorizeRequest', response: { 201: 'MatchResponse' }, effect: 'post',
      detail: { summary: 'Categorise what is left of a movement that pays no document: the amount moves from 555x to the account, the movement becomes `categorized`', tags },
    })
    .get('/matches', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const page = await uow.run((tx) => service.matches(tx, { movementId: query.movement_id, includeUndone: query.include_undone, limit, offset }));
      return { ...page, limit, offset };
    }, {
      permission: 'reconciliation.read', query: MatchListQuery, transform: queryBounds(MatchListQuery), response: { 200: 'PaginatedResponse_MatchResponse_' },
      detail: { summary: 'Matches and categorisations, newest first, with how each was made; optional filter movement_id', tags },
    })
    .get('/matches/:id', async ({ uow, params }) => uow.run((tx) => service.match(tx, params.id)), {
      permission: 'reconciliation.read', params: MatchParams, response: { 200: 'MatchResponse' },
      detail: { summary: 'One match', tags },
    })
    .delete('/matches/:id', async ({ uow, params, set }) => {
      await uow.run((tx) => service.undo(tx, params.id));
      set.status = 204;
    }, {
      permission: 'reconciliation.write', params: MatchParams,
      detail: { summary: 'Undo a match or a categorisation: its entry is reversed (dated today), the documents owe again and the movement is unmatched', tags, responses: noContent },
    })
    .get('/board', async ({ uow, query, principal }) => {
      const refusal = boardReads(kernel).map((permission) => kernel.permissions.refusal(principal, permission)).find((reason) => reason !== null);
      if (refusal) throw new Forbidden(refusal);
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const board = await uow.run((tx) => service.board(tx, { treasuryId: query.treasury_id, limit, offset }));
      // Written as JSON here, not checked against ReconciliationBoard item by item: on a page of
      // thousands of movements the check cost as much as the scoring. The shape is typed by
      // boardItemJson and checked against the schema in the plugin's tests.
      return new Response(JSON.stringify({ items: board.items.map(boardItemJson), total: board.total, limit, offset }), { headers: { 'content-type': 'application/json' } });
    }, {
      permission: 'reconciliation.read', query: BoardQuery, transform: queryBounds(BoardQuery), response: { 200: 'ReconciliationBoard' },
      detail: {
        summary: 'Board of reconciliation suggestions',
        description: 'For each unmatched movement (newest first): candidate documents ranked by a 0–1 score with the reasons (exact or near amount, fee deducted, several documents in one payment, name similarity to the contact, IBAN, what this company matched before, document number in the text, distance to the due date), the proposal when one is clear, `ambiguous` when two are too close, and proposed categories (bank fees 626, taxes 4750, social security 476, payroll 640, …). Accept a candidate with POST /reconciliation/matches, a category with POST /reconciliation/categorize. It shows movements, documents and contact names, so besides reconciliation.read the caller needs treasury.read, contacts.read and the read permission of every document kind (invoices.read, purchases.read …), role and API-key scopes alike: 403 otherwise.',
        tags,
      },
    })
    .get('/settings', async ({ uow }) => uow.run((tx) => service.settings(tx)), {
      permission: 'reconciliation.read', response: { 200: 'ReconciliationSettings' },
      detail: { summary: 'The company\'s auto-matching settings (off by default)', tags },
    })
    .patch('/settings', async ({ uow, body }) => uow.run((tx) => service.updateSettings(tx, body)), {
      permission: 'reconciliation.write', body: 'ReconciliationSettingsUpdate', response: { 200: 'ReconciliationSettings' },
      detail: { summary: 'Turn auto-matching on or off and set its threshold', tags },
    })
    .post('/auto-match', async ({ uow }) => uow.run((tx) => service.autoMatch(tx)), {
      permission: 'reconciliation.write', response: { 200: 'AutoMatchResponse' }, effect: 'settle',
      detail: { summary: 'Run auto-matching now over the unmatched movements (it also runs after every statement import); nothing when it is off', tags },
    });
