import { Conflict, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { InvoiceService } from '../invoices/api';
import { LedgerService } from '../ledger/api';
import { accumulatedOnDay, FixedAssets, scheduleOf, type AssetRow } from './assets';
import { monthEnd } from './schedule';
import { depreciationEntry, disposalEntry, type DepreciationItem } from './posting';

/**
 * Posting depreciation and disposals. Every month of every active asset is posted once: the months
 * already posted are kept per asset, so running the same period again posts nothing.
 */
export interface PostedMonth { period: string; date: string; journal_entry_id: string; amount: string; assets: number }

interface Due { asset: AssetRow; period: string; date: string; amount: Decimal }

/** The scheduled months up to a day that an asset has not posted yet. */
function dueMonths(asset: AssetRow, until: string, posted: ReadonlyMap<string, Decimal> | undefined): Due[] {
  return scheduleOf(asset).filter((p) => p.date <= until && !posted?.has(p.period) && !p.amount.isZero())
    .map((p) => ({ asset, period: p.period, date: p.date, amount: p.amount }));
}

/** One entry per month (dated its last day) for every asset charged in it, oldest month first. */
async function postMonths(tx: Tx, due: readonly Due[]): Promise<PostedMonth[]> {
  const byPeriod = new Map<string, Due[]>();
  for (const item of due) byPeriod.set(item.period, [...(byPeriod.get(item.period) ?? []), item]);
  const months: PostedMonth[] = [];
  for (const period of [...byPeriod.keys()].sort()) {
    const items = byPeriod.get(period)!;
    const date = items.reduce((latest, i) => (i.date > latest ? i.date : latest), items[0].date);
    const entry = await LedgerService.post(tx, depreciationEntry(period, date, items.map((i): DepreciationItem => ({
      assetId: i.asset.id, name: i.asset.name, account: i.asset.account, amount: i.amount,
    }))));
    await FixedAssets.recordDepreciation(tx, items.map((i) => ({ assetId: i.asset.id, period, date: i.date, amount: i.amount, entryId: entry.id })));
    months.push({ period, date, journal_entry_id: entry.id, amount: items.reduce((sum, i) => sum.add(i.amount), Decimal.zero(2)).toString(), assets: items.length });
  }
  return months;
}

export async function depreciateUntil(tx: Tx, until: string): Promise<{ until: string; entries: PostedMonth[]; total: string }> {
  const assets = await FixedAssets.activeUntil(tx, until);
  const posted = await FixedAssets.posted(tx, assets.map((a) => a.id));
  const entries = await postMonths(tx, assets.flatMap((a) => dueMonths(a, until, posted.get(a.id))));
  return { until, entries, total: entries.reduce((sum, e) => sum.add(Decimal.parse(e.amount)), Decimal.zero(2)).toString() };
}

export interface DisposalInput {
  date: string;
  kind: 'sale' | 'write_off';
  /** For a sale: the price without VAT, the buyer and the VAT type of the invoice. */
  price?: string;
  contact_id?: string;
  tax_type_id?: string;
  description?: string;
}

/**
 * Disposal on a day: the whole months before it posted, the days of its month posted as the
 * disposal day's depreciation, then (for a sale) the invoice issued through the invoices plugin
 * with the price on 77x, and the disposal entry taking the asset and its depreciation off the books.
 */
export async function dispose(tx: Tx, id: string, input: DisposalInput) {
  const asset = await FixedAssets.get(tx, id, true);
  if (asset.status === 'disposed') throw new Conflict(`The asset was already disposed of on ${asset.disposed_on}`);
  if (input.date < asset.acquisition_date) {
    throw new ValidationFailed([{ loc: ['body', 'date'], msg: `The asset was acquired on ${asset.acquisition_date}`, type: 'value_error.date' }]);
  }
  const price = input.kind === 'sale' ? checkSale(input) : null;

  const posted = (await FixedAssets.posted(tx, [asset.id])).get(asset.id);
  const disposalMonth = input.date.slice(0, 7);
  const latest = [...(posted?.keys() ?? [])].sort().at(-1);
  if (latest && (latest > disposalMonth || (latest === disposalMonth && input.date !== monthEndOf(input.date)))) {
    throw new Conflict(`Depreciation is posted up to ${latest}: a disposal is dated after the last month posted`);
  }
  const monthStart = `${input.date.slice(0, 7)}-01`;
  const before = dueMonths(asset, monthStart, posted).filter((d) => d.date < monthStart);
  await postMonths(tx, before);
  const postedSoFar = [...(posted?.values() ?? []), ...before.map((d) => d.amount)].reduce((sum, a) => sum.add(a), Decimal.zero(2));
  const accumulated = accumulatedOnDay(asset, input.date);
  const lastDays = accumulated.sub(postedSoFar);
  if (lastDays.compare(Decimal.zero(2)) > 0) await postMonths(tx, [{ asset, period: input.date.slice(0, 7), date: input.date, amount: lastDays }]);
  const total = lastDays.compare(Decimal.zero(2)) > 0 ? accumulated : postedSoFar;

  let invoiceId: string | null = null;
  if (price) {
    const { record } = await InvoiceService.create(tx, {
      contact_id: input.contact_id!, issue_date: input.date, status: 'issued',
      lines: [{ description: input.description ?? `Venta de inmovilizado: ${asset.name}`, quantity: '1', unit_price: price.toString(), tax_type_id: input.tax_type_id!,
        revenue_account: `77${asset.account.slice(1, 2)}`, nature: 'goods' }],
    });
    invoiceId = record.id;
  }
  const entry = await LedgerService.post(tx, disposalEntry({
    assetId: asset.id, name: asset.name, account: asset.account, date: input.date, cost: Decimal.parse(asset.cost), accumulated: total, price,
  }));
  await FixedAssets.markDisposed(tx, asset.id, { date: input.date, kind: input.kind, price, invoiceId, entryId: entry.id });
  return {
    asset: await FixedAssets.get(tx, asset.id), accumulated_depreciation: total.toString(), net_book_value: Decimal.parse(asset.cost).sub(total).toString(),
    gain_or_loss: (price ?? Decimal.zero(2)).sub(Decimal.parse(asset.cost).sub(total)).toString(), invoice_id: invoiceId, journal_entry_id: entry.id,
  };
}

const monthEndOf = (date: string) => monthEnd(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

function checkSale(input: DisposalInput): Decimal {
  const errors: FieldError[] = [];
  if (!input.price || !/^\d{1,16}(\.\d{1,2})?$/.test(input.price) || Decimal.parse(input.price).isZero()) {
    errors.push({ loc: ['body', 'price'], msg: 'A sale has a positive price without VAT, e.g. "1500.00"', type: 'value_error.price' });
  }
  if (!input.contact_id) errors.push({ loc: ['body', 'contact_id'], msg: 'A sale has a buyer: the invoice goes to this contact', type: 'value_error.missing' });
  if (!input.tax_type_id) errors.push({ loc: ['body', 'tax_type_id'], msg: "A sale's invoice charges VAT: give its tax type", type: 'value_error.missing' });
  if (errors.length) throw new ValidationFailed(errors);
  return Decimal.parse(input.price!, 2).rescale(2);
}
