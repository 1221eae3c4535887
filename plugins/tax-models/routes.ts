import { Elysia, t } from 'elysia';
import { Forbidden, Unprocessable } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { todayInSpain } from '../ledger/api';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { ModelOptions, ModelResult, Periodicity, TaxModel, TaxPeriod } from './contract';
import { boxesCsv, CSV_CONTENT_TYPE } from './csv';
import { designOf, designsKnown, periodsOfYear, requestedPeriod } from './periods';
import { softwareProducer } from '../../lib/software-producer';
import { Month, PeriodicityParam, Quarter, taxModelModels, Year } from './schemas';
import { optionsOf, saveOptions } from './options';
import { computePeriod, computeSequence, returnCompany } from './service';
import { settlePeriod } from './settlements';
import { modelListing } from './listing';
import { profileToJson, taxProfileOf, TaxProfileResponse, TaxProfileUpdate, updateTaxProfile } from './profile';
import { prorrataToJson, saveVatProrrata, vatProrrataOf, VatProrrataResponse, VatProrrataUpdate } from './prorrata';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { entryToJson, JournalEntryResponse } from '../ledger/api';

const tags = ['tax-models'];

const download = (body: Uint8Array | string, contentType: string, filename: string) => new Response(body as string, {
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
});

/** The query naming one period of the model: `year`, and `quarter` or `month` as the model is filed. */
function periodQuery(model: TaxModel, required: boolean) {
  return t.Object({
    year: required ? Year : t.Optional(Year),
    ...(required ? {} : { periodicity: t.Optional(PeriodicityParam) }),
    ...(model.periodicities.includes('quarterly') ? { quarter: t.Optional(Quarter) } : {}),
    ...(model.periodicities.includes('monthly') ? { month: t.Optional(Month) } : {}),
  });
}

const periodNames = (model: TaxModel) => model.periodicities.map((p) => ({ quarterly: '`year` and `quarter`', monthly: '`year` and `month`', annual: '`year`' })[p]).join(', or ');

export function periodToJson(model: TaxModel, period: TaxPeriod, result: ModelResult, withDetails = true) {
  return {
    year: period.year, period: period.code, periodicity: period.periodicity, from: period.from, to: period.to,
    design: designOf(model, period)?.version ?? null, declaration_type: result.declarationType, result: result.result,
    boxes: model.boxes.map((box) => ({ box: box.number, label: box.label, value: result.boxes[box.number] ?? '0.00' })),
    ...(result.details && withDetails ? { details: result.details } : {}),
  };
}

/** Why `principal` may not see the model's `details` (see `TaxModel.detailsReads`), or null. */
const detailsRefusal = (kernel: Kernel, model: TaxModel, principal: Principal): string | null =>
  (model.detailsReads ?? []).map((permission) => kernel.permissions.refusal(principal, permission)).find((reason) => reason !== null) ?? null;

/** 403 for a model's own renderer (CSV, file) when it lists details the caller may not read. */
function requireDetails(kernel: Kernel, model: TaxModel, principal: Principal): void {
  const refusal = detailsRefusal(kernel, model, principal);
  if (refusal) throw new Forbidden(refusal);
}

/** The periods the history shows: the whole of a past year, the current year up to today's period, nothing of a future year. */
function historyPeriods(year: number, periodicity: Periodicity): TaxPeriod[] {
  const today = todayInSpain();
  return periodsOfYear(year, periodicity).filter((p) => p.from <= today);
}

/** 422 with the reason when the model does not apply to the company's tax profile (`TaxModel.applies`). */
async function requireApplies(tx: Tx, model: TaxModel): Promise<void> {
  if (!model.applies) return;
  const reason = model.applies(await taxProfileOf(tx));
  if (reason) throw new Unprocessable(`Model ${model.code} does not apply to this company: ${reason}`);
}

type Routes = Elysia<any, any, any, any, any, any, any>;

/**
 * How a model's periods are read. A `sumsOnly` model that is not chained reads nothing but the
 * register's sums and the company's settings, and no period of it depends on another (and a model
 * may say the same of itself: `readsByStatements`): each read is one statement (`uow.reportByStatements`, one round trip instead of a transaction's four). The
 * others read in one read-only transaction (`uow.report`): a chained model's periods, and what a
 * model reads through `tx`, come from one snapshot.
 */
const reportFor = (uow: UnitOfWork, model: TaxModel): UnitOfWork['report'] =>
  model.readsByStatements || (model.sumsOnly && !model.chained) ? (work) => uow.reportByStatements(work) : (work, options) => uow.report(work, options);
const withQuarter = (q: { year?: number; quarter?: number; month?: number; periodicity?: string }) => ({ year: q.year!, quarter: q.quarter, month: q.month });
const filename = (model: TaxModel, period: TaxPeriod, extension: string) => `modelo-${model.code}-${period.year}-${period.code}.${extension}`;

/** GET /aeat/{code} (CSV of a period) and GET /aeat/{code}/summary (the year's history as JSON). */
function readRoutes(kernel: Kernel, model: TaxModel, base: string): Routes {
  return new Elysia({ name: `cuadra:tax-models:${model.code}` }).use(kernel.http).model(taxModelModels).get(base, async ({ uow, query, principal }) => {
    if (model.csv) requireDetails(kernel, model, principal);
    const period = requestedPeriod(model, withQuarter(query));
    const { result, options } = await reportFor(uow, model)(async (tx) => { await requireApplies(tx, model); return { result: await computePeriod(tx, model, period), options: await optionsOf(tx, model, period.year) }; });
    const input = { model, period, result, options, company: { taxId: '', name: '' }, design: designOf(model, period) ?? { from: period.from, version: '' }, producer: softwareProducer(kernel.config) };
    return download((model.csv ?? boxesCsv)(input), CSV_CONTENT_TYPE, filename(model, period, 'csv'));
  }, {
    permission: 'tax-models.read', query: periodQuery(model, true),
    detail: {
      summary: `Model ${model.code} (${model.name}) of a period, as CSV; query ${periodNames(model)}`,
      description: 'Computed from the tax register of the period (accounting dates). `;`-separated UTF-8, amounts with a dot and two decimals. The service prepares the model; it never files it.',
      responses: { 200: { description: 'The model as CSV', content: { 'text/csv': { schema: { type: 'string' } } } } } as any,
      tags,
    },
  })
  .get(`${base}/summary`, async ({ uow, query, principal }) => {
    const year = query.year ?? Number(todayInSpain().slice(0, 4));
    const named = query.quarter !== undefined || query.month !== undefined;
    const one = named ? requestedPeriod(model, withQuarter({ ...query, year })) : undefined;
    const asked = one?.periodicity ?? (query.periodicity as Periodicity | undefined);
    if (asked && !model.periodicities.includes(asked)) throw new Unprocessable(`Model ${model.code} is not filed by ${asked} period`);
    const { periodicity, periods, results } = await reportFor(uow, model)(async (tx) => {
      await requireApplies(tx, model);
      const periodicity = asked ?? (model.periodicityOf ? model.periodicityOf(await optionsOf(tx, model, year)) : model.periodicities[0]);
      // a chained model's period needs the ones before it
      const periods = !one ? historyPeriods(year, periodicity) : model.chained ? periodsOfYear(year, periodicity).slice(0, one.index) : [one];
      return { periodicity, periods, results: await computeSequence(tx, model, periods) };
    });
    const withDetails = detailsRefusal(kernel, model, principal) === null;
    const items = periods.map((period, i) => periodToJson(model, period, results[i], withDetails));
    return { model: model.code, name: model.name, year, periodicity, items: one ? items.slice(-1) : items };
  }, {
    permission: 'tax-models.read',
    query: periodQuery(model, false),
    response: { 200: 'TaxModelSummary' },
    detail: {
      summary: `Model ${model.code} history as JSON: every period of the year with its boxes, result and declaration type`,
      description: '`year` defaults to the current one; with `quarter` or `month`, only that period; without them the periods are those the company files with that year (its options), else `periodicity`.',
      tags,
    },
  });
}

/** POST /aeat/{code}/settle: the period's closing entry, once. */
function settleRoute(kernel: Kernel, model: TaxModel, base: string): Routes {
  return new Elysia({ name: `cuadra:tax-models:${model.code}:settle` }).use(kernel.http).model({ JournalEntryResponse }).post(`${base}/settle`, async ({ uow, query, set }) => {
    const period = requestedPeriod(model, withQuarter(query));
    const entry = await uow.run(async (tx) => { await requireApplies(tx, model); return settlePeriod(tx, model, period); });
    set.status = 201;
    return entryToJson(entry);
  }, {
    permission: 'tax-models.settle', query: periodQuery(model, true), response: { 201: 'JournalEntryResponse' }, effect: 'settle',
    detail: {
      summary: `Post the closing entry of model ${model.code} for a period (query ${periodNames(model)}); once per period, a second call is 409`,
      description: 'The entry is computed from the model\'s result and the period\'s balances; it is an ordinary journal entry (reverse it in the ledger to undo it).',
      tags,
    },
  });
}

/** GET /aeat/{code}/file: the tax agency's import file of a period. */
function fileRoute(kernel: Kernel, model: TaxModel, base: string, render: NonNullable<TaxModel['file']>): Routes {
  return new Elysia({ name: `cuadra:tax-models:${model.code}:file` }).use(kernel.http).get(`${base}/file`, async ({ uow, query, principal }) => {
    requireDetails(kernel, model, principal);
      const period = requestedPeriod(model, withQuarter(query));
      const design = designOf(model, period);
      if (!design) throw new Unprocessable(`Model ${model.code} has no record design for ${period.year} ${period.code}; the designs known: ${designsKnown(model)}`);
      const { result, company, options } = await uow.report(async (tx) => { await requireApplies(tx, model); return { result: await computePeriod(tx, model, period), company: await returnCompany(tx), options: await optionsOf(tx, model, period.year) }; });
      const file = render({ model, period, result, company, design, options, producer: softwareProducer(kernel.config) });
      return download(file.body, file.contentType, file.filename);
    }, {
      permission: 'tax-models.read', query: periodQuery(model, true),
      detail: {
        summary: `Model ${model.code} of a period as the tax agency's import file (query ${periodNames(model)})`,
        description: 'The file the tax agency\'s online form imports, in the record design in force for the period. The service never files it.',
        responses: { 200: { description: 'The import file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } as any,
        tags,
      },
    });
}

/** The schema's properties without their defaults: the validator would fill them in, and a body that names none must be a 422. */
const withoutDefaults = (schema: TObject) => Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => {
  const { default: _default, ...rest } = property as unknown as Record<string | symbol, unknown>;
  return [name, rest as unknown as TSchema];
}));

/** GET and PUT /aeat/{code}/options?year: the company's choices for the model in a year. */
function optionsRoutes(kernel: Kernel, model: TaxModel, base: string, schema: TObject): Routes {
  const Options = t.Object({ model: t.String(), year: t.Integer(), options: schema }, { description: `The company's options of model ${model.code} for a year` });
  const detail = (summary: string) => ({ summary, description: 'The options change how the model computes that year (and, for a model that carries a balance, the years after it). Defaults apply to a year without options.', tags });
  return new Elysia({ name: `cuadra:tax-models:${model.code}:options` }).use(kernel.http)
    .get(`${base}/options`, async ({ uow, query }) => ({ model: model.code, year: query.year, options: await uow.run((tx) => optionsOf(tx, model, query.year)) }), {
      permission: 'tax-models.read', query: t.Object({ year: Year }), response: { 200: Options },
      detail: detail(`The company's options of model ${model.code} for a year (defaults when it chose none)`),
    })
    .put(`${base}/options`, async ({ uow, query, body }) => ({ model: model.code, year: query.year, options: await uow.run((tx) => saveOptions(tx, model, query.year, body as ModelOptions)) }), {
      permission: 'tax-models.configure', query: t.Object({ year: Year }), body: t.Object(withoutDefaults(schema), { additionalProperties: false, minProperties: 1 }), response: { 200: Options },
      detail: detail(`Set the company's options of model ${model.code} for a year (at least one); properties left out take their defaults`),
    });
}

function modelRoutes(kernel: Kernel, model: TaxModel): Routes[] {
  const base = `/aeat/${model.code}`;
  return [
    readRoutes(kernel, model, base),
    ...(model.settlement ? [settleRoute(kernel, model, base)] : []),
    ...(model.file ? [fileRoute(kernel, model, base, model.file)] : []),
    ...(model.options ? [optionsRoutes(kernel, model, base, model.options)] : []),
  ];
}

const TaxModelListing = t.Object({
  items: t.Array(t.Object({
    code: t.String({ description: 'The model\'s number (modelo): its routes are /aeat/{code}' }),
    name: t.String(),
    periodicities: t.Array(t.String(), { description: 'monthly, quarterly or annual; the first is the usual one' }),
    periodicity: t.String({ description: 'The periodicity the company files it with this year (the 303 is monthly for a company whose options of the year say so)' }),
    has_file: t.Boolean({ description: 'Whether /aeat/{code}/file serves the tax agency\'s import file' }),
    designs: t.Array(t.Object({ from: t.String({ format: 'date' }), to: t.Optional(t.String({ format: 'date' })), version: t.String() }), { description: 'The record designs the model knows, oldest first, each with the periods it applies to (`to` absent: still in force)' }),
    applies: t.Boolean({ description: 'Whether the model applies to the company, by its tax profile (GET /aeat/profile)' }),
    due: t.Array(t.Object({ year: t.Integer(), period: t.String(), from: t.String({ format: 'date' }), to: t.String({ format: 'date' }), due_date: t.String({ format: 'date' }) }),
      { description: 'The periods still to file today in the company\'s periodicity (the one in progress, and the one before while its deadline has not passed), with their due dates' }),
    reason: t.Union([t.String(), t.Null()], { description: 'Why it does not apply (null when it does)' }),
  })),
}, { description: 'Every tax model installed, and whether each applies to the company' });

/** GET /aeat (the installed models), GET and PATCH /aeat/profile (the company's tax profile). */
function profileRoutes(kernel: Kernel, models: readonly TaxModel[]): Routes {
  return new Elysia({ name: 'cuadra:tax-models:profile' }).use(kernel.http).model({ TaxProfileResponse, TaxProfileUpdate, VatProrrataResponse, VatProrrataUpdate })
    .get('/aeat', async ({ uow }) => {
      const listing = await uow.run((tx) => modelListing(tx, models, todayInSpain()));
      return {
        items: listing.map(({ model, reason, periodicity, due }) => ({
          code: model.code, name: model.name, periodicities: [...model.periodicities], periodicity, has_file: !!model.file, designs: model.designs.map((d) => ({ ...d })),
          applies: reason === null, reason,
          due: due.map(({ period, dueDate }) => ({ year: period.year, period: period.code, from: period.from, to: period.to, due_date: dueDate })),
        })),
      };
    }, {
      permission: 'tax-models.read', response: { 200: TaxModelListing },
      detail: { summary: 'The tax models installed: periodicities, record designs, the periods due and whether each applies to the company (its tax profile)', description: 'A model that does not apply answers 422 with the reason on its own routes.', tags },
    })
    .get('/aeat/profile', async ({ uow }) => profileToJson(await uow.run((tx) => taxProfileOf(tx))), {
      permission: 'tax-models.read', response: { 200: 'TaxProfileResponse' },
      detail: { summary: 'The company\'s tax profile: legal form, IRPF method, VAT regimes, SII', description: 'Defaults until set: `company`, no special VAT regime, no SII. The models read it to say whether they apply.', tags },
    })
    .patch('/aeat/profile', async ({ uow, body }) => profileToJson(await uow.run((tx) => updateTaxProfile(tx, body as Parameters<typeof updateTaxProfile>[1]))), {
      permission: 'tax-models.configure', body: 'TaxProfileUpdate', response: { 200: 'TaxProfileResponse' },
      detail: {
        summary: 'Change the company\'s tax profile (the fields given)',
        description: 'An `individual` is assessed by estimación directa (`irpf_method`, `directa_simplificada` when it names none); a `company` or an `entity` has no IRPF method (422 when given one).',
        tags,
      },
    })
    .get('/aeat/prorrata', async ({ uow, query }) => prorrataToJson(query.year, await uow.run((tx) => vatProrrataOf(tx, query.year))), {
      permission: 'tax-models.read', query: t.Object({ year: Year }), response: { 200: 'VatProrrataResponse' },
      detail: {
        summary: 'The company\'s VAT prorrata of a year: none, or the regla de prorrata general with its provisional percentage',
        description: '`none` until set. Under `general` the purchases registered that year deduct their VAT at the provisional percentage, and the last 303 of the year regularises to the definitive one (box 44).',
        tags,
      },
    })
    .put('/aeat/prorrata', async ({ uow, query, body }) => prorrataToJson(query.year, await uow.run((tx) => saveVatProrrata(tx, query.year, body as Parameters<typeof saveVatProrrata>[2]))), {
      permission: 'tax-models.configure', query: t.Object({ year: Year }), body: 'VatProrrataUpdate', response: { 200: 'VatProrrataResponse' },
      detail: {
        summary: 'Set the company\'s VAT prorrata of a year',
        description: 'Set it before registering the year\'s purchases: a purchase\'s deduction is fixed when it is registered (the last period\'s regularisation brings the year to the definitive percentage either way). Under `general` without `provisional_percent`, the previous year\'s definitive percentage is taken from its tax register (422 when it has no operations); `provisional_percent` under `none` is 422.',
        tags,
      },
    });
}

/** The routes of every contributed model: nothing here names a model. */
export function taxModelRoutes(kernel: Kernel) {
  const app = new Elysia({ name: 'cuadra:tax-models' });
  app.use(profileRoutes(kernel, kernel.contributions('tax-models')));
  for (const model of kernel.contributions('tax-models')) for (const routes of modelRoutes(kernel, model)) app.use(routes);
  return app;
}
