import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, createDocument, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/**
 * POST /dashboard/board-data: a board and every widget's data in one request. Each widget's data
 * must be exactly what POST /dashboard/data answers for the same type and parameters.
 */
let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Zapatería Centro SL' });
  for (const [month, price] of [['01', '800.00'], ['02', '1250.50']]) {
    const year = new Date().getFullYear();
    await createDocument(app, '/api/v1/invoices', { contact_id: customer.id, issue_date: `${year}-${month}-10`, lines: [{ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, 'IVA21') }] }, company.token);
  }
}, 60_000);
afterAll(() => app?.close());

const boardData = (body: Record<string, unknown>, token = company.token) => app.post('/api/v1/dashboard/board-data', body, token);
const single = async (type: string, params: Record<string, unknown>, token = company.token) => (await app.post('/api/v1/dashboard/data', { type, params }, token)).body.data;

describe('POST /dashboard/board-data', () => {
  test('without a board: the recommended widgets, placed as append-recommended places them, each with the data POST /dashboard/data gives', async () => {
    const res = await boardData({ period: 'this_year', extra: [{ type: 'timeseries', params: { metric: 'expenses', period: 'this_year' } }] });
    expect(res.status).toBe(200);
    expect(res.body.board).toBeNull();
    const catalogue = (await app.get('/api/v1/dashboard/widget-types')).body;
    expect(res.body.widgets.map((w: any) => w.type)).toEqual(catalogue.items.filter((i: any) => i.recommended).map((i: any) => i.type));
    // the same places as an empty board given the recommended widgets
    const empty = (await app.post('/api/v1/dashboard/boards', { name: 'Vacío' }, company.token)).body;
    const placed = (await app.post(`/api/v1/dashboard/boards/${empty.id}/append-recommended`, undefined, company.token)).body.widgets;
    expect(res.body.widgets.map((w: any) => [w.type, w.x, w.y, w.w, w.h])).toEqual(placed.map((w: any) => [w.type, w.x, w.y, w.w, w.h]));
    await app.del(`/api/v1/dashboard/boards/${empty.id}`, company.token);
    for (const widget of res.body.widgets) {
      expect(widget.error).toBeUndefined();
      if ('period' in catalogue.items.find((i: any) => i.type === widget.type).params) expect(widget.params.period).toBe('this_year');
      expect({ type: widget.type, data: widget.data }).toEqual({ type: widget.type, data: await single(widget.type, widget.params) });
    }
    const sales = res.body.widgets.find((w: any) => w.type === 'timeseries').data;
    expect(sales.total).toBe('2050.50');
    expect(res.body.extra).toEqual([{ type: 'timeseries', params: expect.objectContaining({ metric: 'expenses', period: 'this_year' }), data: await single('timeseries', { metric: 'expenses', period: 'this_year' }) }]);
  });

  test('the user\'s default board, or the one named; a widget with bad parameters or an unknown type answers its error, the others their data', async () => {
    const first = (await app.post('/api/v1/dashboard/boards', { name: 'Primero', widgets: [{ type: 'kpi', params: { metric: 'cash' }, x: 0, y: 0, w: 3, h: 2 }] }, company.token)).body;
    const mine = (await app.post('/api/v1/dashboard/boards', { name: 'Ventas', is_default: true, widgets: [
      { type: 'timeseries', params: { metric: 'sales' }, x: 0, y: 2, w: 6, h: 4 },
      { type: 'kpi', params: { metric: 'sales', period: 'this_month' }, x: 0, y: 0, w: 3, h: 2 },
    ] }, company.token)).body;
    const shown = (await boardData({})).body;
    expect(shown.board).toEqual({ id: mine.id, name: 'Ventas', is_default: true });
    // reading order: by row, then column
    expect(shown.widgets.map((w: any) => [w.type, w.y])).toEqual([['kpi', 0], ['timeseries', 2]]);
    expect(shown.widgets[0].params.period).toBe('this_month');
    expect(shown.widgets[0].data).toEqual(await single('kpi', { metric: 'sales', period: 'this_month' }));
    const named = (await boardData({ board_id: first.id, period: 'last_year' })).body;
    expect(named.board).toEqual({ id: first.id, name: 'Primero', is_default: false });
    expect(named.widgets[0]).toMatchObject({ type: 'kpi', params: { metric: 'cash', period: 'last_year' } });

    const mixed = (await boardData({ extra: [{ type: 'kpi', params: { metric: 'nope' } }, { type: 'no-such-widget' }, { type: 'treasuries' }] })).body.extra;
    expect(mixed[0].error.status).toBe(422);
    expect(mixed[0].data).toBeUndefined();
    expect(mixed[1].error).toEqual({ status: 422, detail: expect.stringContaining('no-such-widget') });
    expect(mixed[2].data).toEqual(await single('treasuries', {}));
    await app.del(`/api/v1/dashboard/boards/${first.id}`, company.token);
    await app.del(`/api/v1/dashboard/boards/${mine.id}`, company.token);
  });

  test('a key that may not read the books gets each widget\'s 403 and no figure', async () => {
    const res = await app.post('/api/v1/auth/api-keys', { name: 'solo tableros', role: 'owner', scopes: ['dashboards:read'] }, company.token);
    expect(res.status).toBe(201);
    const answer = await boardData({}, res.body.key);
    expect(answer.status).toBe(200);
    expect(answer.body.widgets.length).toBeGreaterThan(5);
    for (const widget of answer.body.widgets) expect({ type: widget.type, status: widget.error?.status, data: widget.data }).toEqual({ type: widget.type, status: 403, data: undefined });
    expect(answer.text).not.toContain('Zapatería');
  });

  test('bad input is 422; another company\'s board is 404; no session is 401', async () => {
    const board = (await app.post('/api/v1/dashboard/boards', { name: 'Ajeno' }, company.token)).body;
    const other = await createCompany(app);
    expect((await boardData({ board_id: board.id }, other.token)).status).toBe(404);
    expect((await boardData({ board_id: 'no' })).status).toBe(422);
    expect((await boardData({ period: 'forever' })).status).toBe(422);
    expect((await boardData({ extra: Array.from({ length: 11 }, () => ({ type: 'kpi' })) })).status).toBe(422);
    expect((await boardData({ unknown: 1 })).status).toBe(422);
    expect((await app.post('/api/v1/dashboard/board-data', {})).status).toBe(401);
    // the other company sees its own (empty) figures, none of this company's
    const theirs = await boardData({ period: 'this_year' }, other.token);
    expect(theirs.body.widgets.find((w: any) => w.type === 'timeseries').data.total).toBe('0.00');
    await app.del(`/api/v1/dashboard/boards/${board.id}`, company.token);
  });
});
