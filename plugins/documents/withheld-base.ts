/**
 * One register row's withheld base: the base its withholding was computed on. The row's base where
 * its withholding rate gives its withholding (or it has no rate), else the withholding divided back
 * by the rate, rounded half away from zero to cents (numeric `round`, as `Decimal` rounds): what the
 * 111 and the 190 declare as the income paid. A generated column of tax_register holds it
 * (added-migrations.ts), summed by `TaxRegisterSums`; the many-company sums function
 * (cuadra_tax_register_sums, migrations.ts) repeats the expression in its own SQL, written before
 * the column existed.
 */
export const WITHHELD_BASE_SQL = `case when withholding_rate is null or withholding_rate = 0 or round(base * withholding_rate / 100, 2) = withholding then base
  else round(withholding * 100 / withholding_rate, 2) end`;
