/**
 * The tax register of a busy company for the tax-model benchmarks (aeat-303, aeat-390, aeat-vat-books):
 * `lines` rows spread evenly over `days` days from `from`, seeded with bulk SQL (generate_series) into
 * the real register table as the database owner. A mix of what such a company registers: sales at
 * 21/10/4 % (some with recargo), intra-EU and export sales, rectifications, domestic purchases (some
 * capital goods), intra-EU acquisitions, reverse charge, imports and tickets; two in fourteen negative.
 * Each catalogue code has one VAT type id, as a company's register has (a handful of types, not one per row);
 * 5,000 counterparties, each with one contact id (what the 347 groups by).
 */
import type { BenchApp } from './support';

const SHAPES = `(values
    ('issued','invoice','domestic',21.00,null::numeric,false,'IVA21'), ('issued','invoice','domestic',10.00,null,false,'IVA10'),
    ('issued','invoice','domestic',4.00,null,false,'IVA4'), ('issued','invoice','domestic',21.00,5.20,false,'IVA21'),
    ('issued','invoice','intra_eu',0.00,null,false,'IVAINTRA'), ('issued','invoice','export',0.00,null,false,'EXPORT'),
    ('issued','rectification','domestic',21.00,null,false,'IVA21'), ('received','purchase_invoice','domestic',21.00,null,false,'IVA21'),
    ('received','purchase_invoice','domestic',21.00,null,true,'IVA21'), ('received','intra_eu_acquisition','intra_eu',21.00,null,false,'RCINTRACOM'),
    ('received','reverse_charge','reverse_charge',21.00,null,false,'ISP'), ('received','import','import',21.00,null,false,'IMPORT'),
    ('received','rectification','domestic',21.00,null,false,'IVA21'), ('received','expense','domestic',10.00,null,false,'IVA10')
  ) as s(side, kind, regime, rate, surcharge_rate, capital_good, code)`;

const BATCH = 100_000;

/** Rows `first`…`last` of a seeding statement, batch by batch as the owner, then the table analyzed; answers the seconds it took. */
async function insertInBatches(bench: Pick<BenchApp, 'ownerSql'>, lines: number, statement: (first: number, last: number) => string): Promise<number> {
  const start = performance.now();
  for (let first = 1; first <= lines; first += BATCH) await bench.ownerSql(statement(first, Math.min(lines, first + BATCH - 1)));
  await bench.ownerSql('analyze tax_register');
  return (performance.now() - start) / 1000;
}

/** Seeds the rows and analyzes the table; answers the seconds it took. */
export const seedTaxRegister = (bench: Pick<BenchApp, 'ownerSql'>, tenant: string, options: { lines: number; from: string; days: number }): Promise<number> =>
  insertInBatches(bench, options.lines, (first, last) => `
      insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id,
        counterparty_name, counterparty_tax_id, counterparty_country, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota,
        surcharge_rate, surcharge, document_total)
      select '${tenant}', case when s.side = 'issued' then 'invoice' else 'purchase' end, gen_random_uuid(), 1, s.side, s.kind, 'B-' || g,
        date '${options.from}' + (g % ${options.days}), date '${options.from}' + (g % ${options.days}), md5('tercero ' || (g % 5000))::uuid, 'Tercero ' || (g % 5000),
        -- an intra-EU operation's counterparty is a French business with its VAT number (as the 349 requires)
        case when s.regime = 'intra_eu' then 'FR' || lpad((g % 5000)::text, 11, '0') else 'B' || lpad((g % 5000)::text, 8, '0') end,
        case when s.regime = 'intra_eu' then 'FR' else 'ES' end, s.capital_good, md5(s.code)::uuid, s.code, s.regime, b.base, s.rate, round(b.base * s.rate / 100, 2),
        case when s.side = 'received' then round(b.base * s.rate / 100, 2) else 0 end, s.surcharge_rate, coalesce(round(b.base * s.surcharge_rate / 100, 2), 0),
        b.base + round(b.base * s.rate / 100, 2)
      from generate_series(${first}, ${last}) g
      cross join lateral (select (case when g % 14 in (6, 12) then -1 else 1 end) * ((g % 997) + 1) * 1.37 as base) b
      join lateral (select * from ${SHAPES} offset (g % 14) limit 1) s on true`);

/** The register's sums by the columns the VAT models map, over a range: what the 303 (and each quarter the 390 checks) reads. */
export const registerSumsSql = (tenant: string, from: string, to: string) => `
    select side, kind, regime, rate, surcharge_rate, capital_good, deductible_quota <> 0 as deductible,
      sum(base) as base, sum(quota) as quota, sum(deductible_quota) as deductible_quota, sum(surcharge) as surcharge, count(*) as n
    from tax_register where tenant_id = '${tenant}' and accounting_date between date '${from}' and date '${to}'
    group by 1, 2, 3, 4, 5, 6, 7`;

export const QUARTERS_2026 = [['2026-01-01', '2026-03-31'], ['2026-04-01', '2026-06-30'], ['2026-07-01', '2026-09-30'], ['2026-10-01', '2026-12-31']] as const;

/**
 * Purchases with IRPF withheld, added to a seeded register for the withholding models (aeat-models.ts):
 * `lines` received rows over `days` days from `from`, from 500 suppliers: professionals at 15 % and 7 %
 * (modelo 111, summed by the 190) and landlords at 19 % (modelo 115), one in ten of them negative.
 */
export const seedWithholdings = (bench: Pick<BenchApp, 'ownerSql'>, tenant: string, options: { lines: number; from: string; days: number }): Promise<number> =>
  insertInBatches(bench, options.lines, (first, last) => `
      insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id,
        counterparty_name, counterparty_tax_id, counterparty_country, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota,
        withholding_rate, withholding, document_total)
      select '${tenant}', 'purchase', gen_random_uuid(), 1, 'received', 'purchase_invoice', 'W-' || g,
        date '${options.from}' + (g % ${options.days}), date '${options.from}' + (g % ${options.days}), md5('proveedor ' || (g % 500))::uuid,
        case when w.rate = 19 then 'Arrendador ' else 'Profesional ' end || (g % 500), 'W' || lpad((g % 500)::text, 8, '0'), 'ES', false, gen_random_uuid(), 'IVA21', 'domestic',
        b.base, 21.00, round(b.base * 0.21, 2), round(b.base * 0.21, 2), w.rate, round(b.base * w.rate / 100, 2), b.base + round(b.base * 0.21, 2) - round(b.base * w.rate / 100, 2)
      from generate_series(${first}, ${last}) g
      cross join lateral (select (case when g % 10 = 9 then -1 else 1 end) * ((g % 613) + 1) * 2.11 as base) b
      cross join lateral (select (array[15.00, 15.00, 7.00, 19.00])[1 + (g % 500) % 4]::numeric(5,2) as rate) w`);

/**
 * The documents' lines behind a seeded register's intra-EU rows (what the 349 and the 390 split into goods and
 * services): for each intra-EU invoice and purchase row, lines of its VAT type adding up to its base, a third of the
 * documents all goods (invoice lines of nature `goods`, purchase lines on 600), a third all services (`services`, 629),
 * a third both (60 % goods). Written as the superuser without triggers or foreign-key checks: the seeded rows have no
 * document headers, and the returns read only the lines. Answers the seconds it took.
 */
export async function seedIntraEuLines(bench: Pick<BenchApp, 'unguardedTransaction' | 'ownerSql'>, tenant: string): Promise<number> {
  const start = performance.now();
  const linesOf = (table: string, key: string, documentType: string, natureColumn: string, goods: string, services: string) => `
    insert into ${table} (tenant_id, ${key}, line_no, description, quantity, unit_price, tax_type_id, tax_rate, base, tax_amount, ${natureColumn})
    select r.tenant_id, r.document_id, p.line_no, p.what, 1, p.base, r.tax_type_id, r.rate, p.base, round(p.base * r.rate / 100, 2), p.nature
    from tax_register r
    cross join lateral (select abs(hashtext(r.document_id::text)) % 3 as mix, round(r.base * 0.6, 2) as goods_part) m
    cross join lateral (values
      (1, 'Mercancía', ${goods}, case m.mix when 0 then r.base when 2 then m.goods_part end),
      (case m.mix when 1 then 1 else 2 end, 'Servicio', ${services}, case m.mix when 1 then r.base when 2 then r.base - m.goods_part end)
    ) as p (line_no, what, nature, base)
    where r.tenant_id = '${tenant}' and r.regime = 'intra_eu' and r.document_type = '${documentType}' and p.base is not null;`;
  await bench.unguardedTransaction(linesOf('invoice_lines', 'invoice_id', 'invoice', 'nature', `'goods'`, `'services'`) + linesOf('purchase_lines', 'purchase_id', 'purchase', 'expense_account', `'600'`, `'629'`));
  await bench.ownerSql('analyze invoice_lines');
  await bench.ownerSql('analyze purchase_lines');
  return (performance.now() - start) / 1000;
}
