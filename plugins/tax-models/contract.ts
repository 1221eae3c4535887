import type { SoftwareProducer } from '../../lib/software-producer';
import type { TObject } from '@sinclair/typebox';
import type { Tx } from '../../kernel/uow';
import type { TaxRegisterAmount, TaxRegisterEntry, TaxRegisterQuery, TaxRegisterSum, TaxRegisterSumKey } from '../documents/api';
import type { Decimal } from '../../kernel/money';
import type { JournalDraft } from '../ledger/api';
import type { TaxProfile } from './profile';
import type { CapitalGoodDisposals, CapitalGoodsYear } from './capital-goods';
import type { VatProrrata } from './prorrata';

/**
 * The tax-model contract: what a model plugin (303, 111, 347; tomorrow 130, 115, 349, 390…)
 * contributes to the `tax-models` extension point. The tax-models plugin mounts the routes of
 * every contribution (`/api/v1/aeat/{code}`, `/summary`, `/file`), resolves and validates the
 * period, hands the model a view of the tax register limited to that period, and renders the
 * result; the model only maps register rows to its boxes.
 */

export type Periodicity = 'monthly' | 'quarterly' | 'annual';

/** One period of a model: a quarter, a month or a year. */
export interface TaxPeriod {
  year: number;
  periodicity: Periodicity;
  /** 1–4 (quarterly), 1–12 (monthly), 0 (annual). */
  index: number;
  /** The tax agency's period code: '1T'–'4T', '01'–'12', '0A'. */
  code: string;
  /** First and last day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  /** The last period of the year (4T, 12 or the year itself). */
  last: boolean;
}

/**
 * How a box's value is written: `amount` (unsigned money), `signed` (money that may be negative),
 * `rate` and `percent` (a percentage with two decimals), `count` (a whole number).
 */
export type BoxKind = 'amount' | 'signed' | 'rate' | 'percent' | 'count';

export interface BoxDefinition {
  /** The casilla as printed on the form: '01', '150'. */
  number: string;
  label: string;
  kind: BoxKind;
}

/** A record design (diseño de registro) and the periods it applies to. */
export interface DesignVersion {
  /** The day it applies from (YYYY-MM-DD): a period uses the newest design that starts on or before its last day. */
  from: string;
  /**
   * The last day it applies to (YYYY-MM-DD), when the design was published for given tax years: a
   * later period has no design (its file answers 422 naming the designs known) until the tax
   * agency publishes the next one and the model adds it. Without it, the design stays in force.
   */
  to?: string;
  version: string;
}

export type RegisterFilter = Omit<TaxRegisterQuery, 'from' | 'to'>;

/** What `compute` receives. */
export interface ModelInput {
  /** The caller's unit of work: read the ledger through its public API with it, never another plugin's tables. */
  tx: Tx;
  period: TaxPeriod;
  /** The tax register over the period (accounting dates `period.from`…`period.to`), filtered further as asked. */
  register(filter?: RegisterFilter): Promise<TaxRegisterEntry[]>;
  /**
   * The register's amounts over the period grouped by the named columns, summed in the database:
   * prefer it where a model needs no single row. Name the `amounts` the model reads (every amount
   * when none are named): each one is summed over every row read.
   */
  sums<A extends TaxRegisterAmount = TaxRegisterAmount>(by: readonly TaxRegisterSumKey[], filter?: RegisterFilter, amounts?: readonly A[]): Promise<TaxRegisterSum<A>[]>;
  /** `sums` over another range of whole months than the period (a year to date). */
  sumsOver<A extends TaxRegisterAmount = TaxRegisterAmount>(range: { from: string; to: string }, by: readonly TaxRegisterSumKey[], filter?: RegisterFilter, amounts?: readonly A[]): Promise<TaxRegisterSum<A>[]>;
  /** The ledger's totals by account (its first `level` digits) over whole months, year-end entries left out (`LedgerService.totalsByAccount`). */
  accountTotals(range: { from: string; to: string; level: number }): Promise<{ account: string; debit: Decimal; credit: Decimal }[]>;
  /**
   * The previous period's result in the same periodicity, only for `chained` models: the period
   * before in the same year, or for the first period of a year the last one of the year before when
   * that year's options let a balance carry over (`carriesOver`); null otherwise.
   */
  previous: ModelResult | null;
  /** The company's options of the period's year (`TaxModel.options`, defaults filled in); `{}` for a model without options. */
  options: ModelOptions;
  /**
   * The company's VAT prorrata of the period's year (`none` when it set none), for a model that
   * declares `readsProrrata`; reading it without the declaration throws.
   */
  prorrata: VatProrrata;
  /**
   * The regularisation of the capital goods bought in the years before the period's year (arts.
   * 107–110 LIVA; `capitalGoodsRegularisation`), for a last period's box 43; in the workspace's
   * many-companies computation too, read for the company alone.
   */
  capitalGoods(): Promise<CapitalGoodsYear>;
}

/** A company's choices for one model and year, as the model's `options` schema describes them (snake_case, on the wire). */
export type ModelOptions = Record<string, unknown>;

/** What `compute` answers. Amounts are decimal strings. */
export interface ModelResult {
  /** Every box of the model's `boxes`, by number. */
  boxes: Record<string, string>;
  /** The amount to pay (positive) or to refund or carry forward (negative); zero when nothing. */
  result: string;
  /** The declaration type (I ingreso, N sin actividad / resultado cero, C compensación, D devolución, …). */
  declarationType: string;
  /** Model-specific detail (recipients of 111, counterparties of 347), in the JSON of the summary. */
  details?: Record<string, unknown>;
}

/** The company as it appears on a return (identification page). */
export interface ReturnCompany {
  taxId: string;
  name: string;
}

export interface RenderInput {
  model: TaxModel;
  period: TaxPeriod;
  result: ModelResult;
  company: ReturnCompany;
  design: DesignVersion;
  options: ModelOptions;
  /** The producer of the software, as the deployment configures it (lib/software-producer.ts): the import files' "NIF empresa desarrollo". */
  producer: SoftwareProducer;
}

export interface RenderedFile {
  body: Uint8Array | string;
  contentType: string;
  filename: string;
}

export interface TaxModel {
  /** The model's number, as the tax agency names it: '303'. Its routes are `/api/v1/aeat/{code}`. */
  code: string;
  name: string;
  /** The periodicities the model is filed with; the first is the default of the summary. */
  periodicities: readonly Periodicity[];
  /** Its record designs, oldest first; a period before the first has no design (its file answers 422). */
  designs: readonly DesignVersion[];
  /** Every box, in the order of the form. */
  boxes: readonly BoxDefinition[];
  /** Needs the previous period's result (a carried-forward balance): periods are computed in order from the first of the year. */
  chained?: boolean;
  /**
   * The company's choices that change how a year is computed (the 303: registered in REDEME,
   * refund or carry a negative last period), kept per company, model and year: a TypeBox object
   * whose every property has a `default`. Adds `GET`/`PUT /api/v1/aeat/{code}/options?year`.
   */
  options?: TObject;
  /**
   * For a `chained` model: whether the last period of a year computed with these options can leave
   * a balance for the next year. When it can, the first period of the next year is computed after
   * the years before it (at most MAX_CARRY_YEARS back), so the balance is carried.
   */
  carriesOver?(options: ModelOptions): boolean;
  /** The periodicity a company with these options files with that year (one of `periodicities`): the history's default. */
  periodicityOf?(options: ModelOptions): Periodicity;
  /**
   * The last day to file a period (YYYY-MM-DD), when it differs from the usual calendar
   * (`standardDueDate`: the 20th of the month after the period; an annual model, the 30th of January).
   */
  dueDate?(period: TaxPeriod): string;
  compute(input: ModelInput): Promise<ModelResult>;
  /**
   * `compute` reads nothing but the input's `sums`, `sumsOver`, `accountTotals`, `period`,
   * `previous`, `options` and `prorrata` (never `tx` or `register`): it can then be computed for many
   * companies at once, each statement serving every company (`resultsByTenant`: the workspace's
   * results). A model without it shows no result there.
   */
  sumsOnly?: boolean;
  /**
   * `compute` reads `input.prorrata` (the VAT models: 303, 390). The prorrata is read from the
   * database only for such a model: the others (111, 115, 190…) spare a statement per request.
   */
  readsProrrata?: boolean;
  /**
   * `compute` reads only through `tx.sql` (its own statements and other plugins' `api.ts` reads that
   * use it), and nothing it reads must come from one snapshot: its routes then read with
   * `uow.reportByStatements` (each statement one round trip). A `sumsOnly` model that is not
   * `chained` is read so without saying it; the 190 (the year's 111s and its perceptors' postal
   * codes) says it.
   */
  readsByStatements?: boolean;
  /**
   * Why the model does not apply to a company with this tax profile (a 130 for a sociedad), or null
   * when it does. A model that does not apply answers 422 with the reason on its routes, and the
   * listing (`GET /api/v1/aeat`) says so. Without it, the model applies to every company.
   */
  applies?(profile: TaxProfile): string | null;
  /**
   * The read permissions of the resources the result's `details` show (the 347's counterparties
   * and the 111's recipients: contacts' names and tax ids), besides tax-models.read. A caller who
   * lacks one (role or API-key scopes, as those resources' routes check it) gets the summary
   * without `details`, and 403 for the model's own CSV and file, which list them.
   */
  detailsReads?: readonly string[];
  /** The CSV download; default: one row per box, `casilla;concepto;importe`. */
  csv?(input: RenderInput): string;
  /** The tax agency's import file, where one exists. */
  file?(input: RenderInput): RenderedFile;
  /**
   * The period's closing entry (the 303's regularisation: 477 and 472 against 4750 or 4700). The
   * tax-models plugin posts it once per period (`POST /api/v1/aeat/{code}/settle`; a second call is 409).
   */
  settlement?(input: SettlementInput): Promise<JournalDraft>;
}

export interface SettlementInput {
  tx: Tx;
  period: TaxPeriod;
  result: ModelResult;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'tax-models': TaxModel;
    /** The sales of capital goods within their regularisation period (art. 110 LIVA): the fixed-assets plugin contributes them. */
    'capital-good-disposals': CapitalGoodDisposals;
  }
}
