import { sqlMigration } from '../../kernel/migration';
import { offerTablesSql } from '../documents/api';
import { PROFORMA } from './kind';

/** `proforma_series`, `proformas`, `proforma_lines` (the documents plugin's offer tables, under row-level security). */
export const migrations = [sqlMigration('20270111000200_proformas', offerTablesSql(PROFORMA))];
