import { Conflict, NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { PurchaseService, purchaseToJson } from '../purchases/api';
import { accumulatedOn, depreciationSchedule, type DepreciationPlan, type SchedulePeriod } from './schedule';
import { taxTableRow } from './tax-table';

/** The fixed-asset register: creation (by hand or from a purchase line), reading, and each asset's depreciation plan. */
export interface AssetRow {
  id: string; number: number; name: string; account: string; acquisition_date: string; start_date: string; cost: string; residual_value: string;
  vat_deducted: string; method: 'linear'; useful_life_months: number | null; tax_table_code: string | null; coefficient: string | null;
  purchase_id: string | null; purchase_line_no: number | null; status: 'active' | 'disposed'; disposed_on: string | null;
  disposal_kind: 'sale' | 'write_off' | null; disposal_price: string | null; disposal_invoice_id: string | null; disposal_entry_id: string | null;
  created_at: unknown; updated_at: unknown;
}

export interface AssetTerms {
  name: string; account: string; acquisition_date: string; start_date?: string; cost: string; residual_value?: string;
  method?: 'linear'; useful_life_months?: number; tax_table_code?: string; coefficient?: string;
}

export type AssetFromPurchaseLine = Omit<AssetTerms, 'account' | 'acquisition_date' | 'cost' | 'name'> & { name?: string };

const COLUMNS = `id::text as id, number, name, account, acquisition_date::text as acquisition_date, start_date::text as start_date, cost::text as cost,
  residual_value::text as residual_value, vat_deducted::text as vat_deducted, method, useful_life_months, tax_table_code, coefficient::text as coefficient,
  purchase_id::text as purchase_id, purchase_line_no, status, disposed_on::text as disposed_on, disposal_kind, disposal_price::text as disposal_price,
  disposal_invoice_id::text as disposal_invoice_id, disposal_entry_id::text as disposal_entry_id, created_at, updated_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Land (210, 220) is not depreciated, nor are advances (209). */
const NOT_DEPRECIABLE = /^(209|210|220)/;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const planOf = (asset: Pick<AssetRow, 'cost' | 'residual_value' | 'start_date' | 'useful_life_months' | 'coefficient'>): DepreciationPlan => ({
  cost: Decimal.parse(asset.cost), residual: Decimal.parse(asset.residual_value), startDate: asset.start_date,
  rate: asset.useful_life_months != null ? { usefulLifeMonths: asset.useful_life_months } : { coefficientPct: Decimal.parse(asset.coefficient!) },
});

export const scheduleOf = (asset: AssetRow): SchedulePeriod[] => depreciationSchedule(planOf(asset));
export const accumulatedOnDay = (asset: AssetRow, date: string) => accumulatedOn(planOf(asset), date);

export function assetToJson(asset: AssetRow) {
  const row = asset.tax_table_code ? taxTableRow(asset.tax_table_code) : undefined;
  return {
    id: asset.id, number: asset.number, name: asset.name, account: asset.account, acquisition_date: asset.acquisition_date, start_date: asset.start_date,
    cost: asset.cost, residual_value: asset.residual_value, vat_deducted: asset.vat_deducted, method: asset.method,
    useful_life_months: asset.useful_life_months, tax_table_code: asset.tax_table_code, tax_table_label: row?.label ?? null, coefficient: asset.coefficient,
    purchase_id: asset.purchase_id, purchase_line_no: asset.purchase_line_no, status: asset.status, disposed_on: asset.disposed_on,
    disposal_kind: asset.disposal_kind, disposal_price: asset.disposal_price, disposal_invoice_id: asset.disposal_invoice_id,
    disposal_entry_id: asset.disposal_entry_id, created_at: iso(asset.created_at), updated_at: iso(asset.updated_at),
  };
}

const money = (value: string | undefined, loc: string, errors: FieldError[], fallback?: string): Decimal => {
  const text = value ?? fallback;
  if (text == null || !/^-?\d{1,16}(\.\d{1,2})?$/.test(text)) {
    errors.push({ loc: ['body', loc], msg: 'Must be a decimal amount with at most two decimals', type: 'value_error.decimal' });
    return Decimal.zero(2);
  }
  return Decimal.parse(text, 2).rescale(2);
};

/** The terms checked against the law and each other; the row's rate columns. */
function checkTerms(terms: AssetTerms): { errors: FieldError[]; cost: Decimal; residual: Decimal; startDate: string; coefficient: string | null; lifeMonths: number | null } {
  const errors: FieldError[] = [];
  if (!terms.name?.trim()) errors.push({ loc: ['body', 'name'], msg: 'Give the asset a name', type: 'value_error.missing' });
  if (!/^2[012][0-9]{1,10}$/.test(terms.account)) {
    errors.push({ loc: ['body', 'account'], msg: 'The asset account is one of subgroups 20 (intangible), 21 (tangible) or 22 (real-estate investments), e.g. 217', type: 'value_error.account' });
  } else if (NOT_DEPRECIABLE.test(terms.account)) {
    errors.push({ loc: ['body', 'account'], msg: `Account ${terms.account} (land or advances) is not depreciated`, type: 'value_error.account' });
  }
  const cost = money(terms.cost, 'cost', errors);
  const residual = money(terms.residual_value, 'residual_value', errors, '0');
  if (cost.compare(Decimal.zero(2)) <= 0) errors.push({ loc: ['body', 'cost'], msg: 'The cost must be positive', type: 'value_error.number' });
  if (residual.compare(Decimal.zero(2)) < 0 || residual.compare(cost) >= 0) {
    errors.push({ loc: ['body', 'residual_value'], msg: 'The residual value is zero or more and less than the cost', type: 'value_error.number' });
  }
  const startDate = terms.start_date ?? terms.acquisition_date;
  if (startDate < terms.acquisition_date) errors.push({ loc: ['body', 'start_date'], msg: 'An asset comes into use on or after its acquisition', type: 'value_error.date' });
  if (terms.method && terms.method !== 'linear') errors.push({ loc: ['body', 'method'], msg: 'Only linear depreciation is supported', type: 'value_error.method' });

  let coefficient: string | null = null, lifeMonths: number | null = null;
  const byLife = terms.useful_life_months != null, byTable = terms.tax_table_code != null || terms.coefficient != null;
  if (byLife === byTable) {
    errors.push({ loc: ['body'], msg: 'Give either useful_life_months or tax_table_code (with an optional coefficient from its range)', type: 'value_error.rate' });
  } else if (byLife) {
    lifeMonths = terms.useful_life_months!;
    if (!Number.isInteger(lifeMonths) || lifeMonths < 1 || lifeMonths > 1200) errors.push({ loc: ['body', 'useful_life_months'], msg: 'Between 1 and 1200 months', type: 'value_error.number' });
  } else {
    const row = terms.tax_table_code ? taxTableRow(terms.tax_table_code) : undefined;
    if (!row) {
      errors.push({ loc: ['body', 'tax_table_code'], msg: 'A row code of the official table (GET /api/v1/fixed-assets/tax-table)', type: 'value_error.tax_table' });
    } else {
      const max = Decimal.parse(row.maxCoefficient);
      // the least coefficient: the one that depreciates the asset in the table's longest period
      const min = Decimal.of((10000n + BigInt(row.maxYears) - 1n) / BigInt(row.maxYears), 2);
      const given = terms.coefficient == null ? max : /^\d{1,3}(\.\d{1,2})?$/.test(terms.coefficient) ? Decimal.parse(terms.coefficient, 2) : null;
      if (!given || given.compare(min) < 0 || given.compare(max) > 0) {
        errors.push({
          loc: ['body', 'coefficient'], msg: `For "${row.label}" the coefficient is between ${min.toString()} % (${row.maxYears} years) and ${row.maxCoefficient} % a year (art. 12.1.a LIS)`,
          type: 'value_error.coefficient',
        });
      } else coefficient = given.rescale(2).toString();
    }
  }
  return { errors, cost, residual, startDate, coefficient, lifeMonths };
}

async function insert(tx: Tx, terms: AssetTerms, extra: { vatDeducted?: Decimal; purchaseId?: string; lineNo?: number } = {}): Promise<AssetRow> {
  const checked = checkTerms(terms);
  if (checked.errors.length) throw new ValidationFailed(checked.errors);
  const [row] = await tx.sql<AssetRow>(`insert into fixed_assets (id, tenant_id, number, name, account, acquisition_date, start_date, cost, residual_value, vat_deducted,
      useful_life_months, tax_table_code, coefficient, purchase_id, purchase_line_no)
    select :id::uuid, :tenant, coalesce(max(number), 0) + 1, :name, :account, :acquired::date, :start::date, :cost::numeric, :residual::numeric, :vat::numeric,
      :life, :table, :coefficient::numeric, :purchase::uuid, :line
    from fixed_assets where tenant_id = :tenant
    returning ${COLUMNS}`, {
    id: crypto.randomUUID(), name: terms.name.trim(), account: terms.account, acquired: terms.acquisition_date, start: checked.startDate,
    cost: checked.cost.toString(), residual: checked.residual.toString(), vat: (extra.vatDeducted ?? Decimal.zero(2)).toString(), life: checked.lifeMonths,
    table: checked.coefficient ? terms.tax_table_code! : null, coefficient: checked.coefficient, purchase: extra.purchaseId ?? null, line: extra.lineNo ?? null,
  });
  return row;
}

export const FixedAssets = {
  create: (tx: Tx, terms: AssetTerms) => insert(tx, terms),

  /**
   * The asset a purchase line bought: its account (2x), the purchase's date, and as cost the line's
   * base plus the VAT not deducted (PGC NRV 2ª and 12ª: taxes not recovered are cost): all of it when
   * it is not deductible, the part the VAT prorrata leaves (the line's `undeducted_vat`) otherwise.
   */
  async fromPurchaseLine(tx: Tx, purchaseId: string, lineNo: number, terms: AssetFromPurchaseLine): Promise<AssetRow> {
    if (!UUID.test(purchaseId)) throw new NotFound('Purchase not found');
    const purchase = purchaseToJson(await PurchaseService.get(tx, purchaseId));
    if (purchase.status === 'draft') throw new Conflict('The purchase is a draft: issue it before registering its assets');
    const line = (purchase.lines as any[]).find((l) => l.line_no === lineNo);
    if (!line) throw new NotFound(`The purchase has no line ${lineNo}`);
    if (!line.capital_good || !/^2/.test(line.expense_account)) {
      throw new Conflict(`Line ${lineNo} is not a capital good booked to a group 2 account (capital_good with an expense_account such as 217)`);
    }
    const [existing] = await tx.sql<{ id: string }>(`select id::text as id from fixed_assets where tenant_id = :tenant and purchase_id = :p::uuid and purchase_line_no = :n`, { p: purchaseId, n: lineNo });
    if (existing) throw new Conflict(`Line ${lineNo} of this purchase is already the fixed asset ${existing.id}`);
    // the cost is what the purchase's entry debited to the asset's account: the base, plus the VAT not deducted
    // (all of it under recargo de equivalencia, the prorrata's undeducted part otherwise)
    const base = Decimal.parse(line.base), undeducted = Decimal.parse(line.undeducted_vat);
    const vat = Decimal.parse(line.tax_amount).add(Decimal.parse(line.self_assessed_amount)); // self-assessed VAT (intra-EU, reverse charge) is deducted too
    const cost = line.deductible === false ? base.add(vat) : base.add(undeducted);
    return insert(tx, { ...terms, name: terms.name ?? line.description, account: line.expense_account, acquisition_date: purchase.issue_date, cost: cost.rescale(2).toString() },
      { vatDeducted: line.deductible === false ? Decimal.zero(2) : vat.sub(undeducted).rescale(2), purchaseId, lineNo });
  },

  async find(tx: Tx, id: string, lock = false): Promise<AssetRow | null> {
    if (!UUID.test(id)) return null;
    const [row] = await tx.sql<AssetRow>(`select ${COLUMNS} from fixed_assets where tenant_id = :tenant and id = :id::uuid${lock ? ' for update' : ''}`, { id });
    return row ?? null;
  },

  async get(tx: Tx, id: string, lock = false): Promise<AssetRow> {
    const row = await FixedAssets.find(tx, id, lock);
    if (!row) throw new NotFound('Fixed asset not found');
    return row;
  },

  async list(tx: Tx, query: { status?: 'active' | 'disposed'; limit: number; offset: number }) {
    const rows = await tx.sql<AssetRow & { full_count: string }>(`select ${COLUMNS}, count(*) over () as full_count from fixed_assets
      where tenant_id = :tenant and (:status::text is null or status = :status) order by number limit :limit offset :offset`,
    { status: query.status ?? null, limit: query.limit, offset: query.offset });
    return { items: rows, total: rows.length ? Number(rows[0].full_count) : 0 };
  },

  /** Every asset, locked, that may still have depreciation to post up to a date. */
  activeUntil: (tx: Tx, until: string) => tx.sql<AssetRow>(`select ${COLUMNS} from fixed_assets
      where tenant_id = :tenant and status = 'active' and start_date <= :until::date order by number for update`, { until }),

  /** Posted depreciation per asset: the months and the total. */
  async posted(tx: Tx, assetIds: readonly string[]): Promise<Map<string, Map<string, Decimal>>> {
    const result = new Map<string, Map<string, Decimal>>();
    if (!assetIds.length) return result;
    const rows = await tx.sql<{ asset_id: string; period: string; amount: string }>(`select asset_id::text as asset_id, period, amount::text as amount
      from fixed_asset_depreciations where tenant_id = :tenant and asset_id = any(:ids::uuid[])`, { ids: pgArray(assetIds) });
    for (const row of rows) {
      const months = result.get(row.asset_id) ?? new Map<string, Decimal>();
      months.set(row.period, Decimal.parse(row.amount));
      result.set(row.asset_id, months);
    }
    return result;
  },

  async recordDepreciation(tx: Tx, rows: readonly { assetId: string; period: string; date: string; amount: Decimal; entryId: string }[]) {
    if (!rows.length) return;
    await tx.sql(`insert into fixed_asset_depreciations (tenant_id, asset_id, period, date, amount, journal_entry_id)
      select :tenant, a, p, d::date, m::numeric, e::uuid from unnest(:assets::uuid[], :periods::text[], :dates::text[], :amounts::text[], :entries::text[]) as t(a, p, d, m, e)`, {
      assets: pgArray(rows.map((r) => r.assetId)), periods: pgArray(rows.map((r) => r.period)), dates: pgArray(rows.map((r) => r.date)),
      amounts: pgArray(rows.map((r) => r.amount.toString())), entries: pgArray(rows.map((r) => r.entryId)),
    });
  },

  async markDisposed(tx: Tx, id: string, facts: { date: string; kind: 'sale' | 'write_off'; price: Decimal | null; invoiceId: string | null; entryId: string }) {
    await tx.sql(`update fixed_assets set status = 'disposed', disposed_on = :date::date, disposal_kind = :kind, disposal_price = :price::numeric,
      disposal_invoice_id = :invoice::uuid, disposal_entry_id = :entry::uuid, updated_at = now() where tenant_id = :tenant and id = :id::uuid`, {
      id, date: facts.date, kind: facts.kind, price: facts.price?.toString() ?? null, invoice: facts.invoiceId, entry: facts.entryId,
    });
  },
};
