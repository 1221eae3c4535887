import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * The VERI*FACTU tables and the database rules that keep the records what the law asks of them
 * (integrity, inalterability, traceability):
 *
 * - `verifactu_chains`: one row per issuer tax number of a tenant, the chain's head (its length
 *   and last hash). Appending a record locks this row (`for update`), so concurrent issues queue
 *   on it and the chain never forks; `verifactu_records (tenant_id, issuer_tax_id, position)` is
 *   unique as a second guard.
 * - `verifactu_records`: the records themselves, with the exact text of every field that entered
 *   their hash. No UPDATE, DELETE or TRUNCATE: triggers refuse them for every role, the owner
 *   included (the application role has no UPDATE privilege either). Erasing a tenant (the GDPR
 *   flow) is the one exception, inside a transaction that set `cuadra.erasing_tenant`.
 * - `verifactu_events`: the append-only log of exports and verifications (and, until
 *   `20261231100200_verifactu_record_lighter`, of records created: the records now stand for
 *   their own creation in the log).
 */
/**
 * `verifactu_append`: appending a record, in one call the invoices plugin's issue statement makes
 * once the number is taken (and the service makes for corrections and cancellations): lock the
 * chain's head (created the first time; a concurrent first append waits for it and then sees it),
 * compute the hash over the exact texts, insert the record, move the head. Returns what the
 * invoice shows: hash, previous hash and the QR's values. `rectifyingType` is the PL/pgSQL that
 * settles a rectifying invoice's type once the rectified record's type is known.
 */
const appendFunctionSql = (create: 'create function' | 'create or replace function', rectifyingType: string, logRow = EVENT_ROW) =>
  `${create} verifactu_append(
       p_tenant uuid, p_id uuid, p_nif text, p_record_type text, p_correction boolean, p_invoice_id uuid, p_number text, p_issue_date date,
       p_invoice_type text, p_rectifies_id uuid, p_mode text, p_rectified_number text, p_rectified_issue_date date,
       p_tax_total text, p_total text, p_reason text, p_detail jsonb
     ) returns jsonb language plpgsql as $$
       declare
         head record;
         v_type text := p_invoice_type;
         v_rectified_number text := p_rectified_number;
         v_rectified_date date := p_rectified_issue_date;
         v_rectified_type text;
         v_now timestamp with time zone := date_trunc('second', clock_timestamp());
         v_generated text;
         v_date text := to_char(p_issue_date, 'DD-MM-YYYY');
         v_hash text;
       begin
         select length, last_hash, last_record_id into head from verifactu_chains where tenant_id = p_tenant and issuer_tax_id = p_nif for update;
         if not found then
           insert into verifactu_chains (tenant_id, issuer_tax_id) values (p_tenant, p_nif) on conflict do nothing;
           select length, last_hash, last_record_id into head from verifactu_chains where tenant_id = p_tenant and issuer_tax_id = p_nif for update;
         end if;
         if p_rectifies_id is not null then
           select invoice_type, invoice_number, issue_date into v_rectified_type, v_rectified_number, v_rectified_date from verifactu_records
            where tenant_id = p_tenant and invoice_id = p_rectifies_id and record_type = 'registration' order by position desc limit 1;
${rectifyingType}         end if;
         -- Madrid's wall clock and its offset (always ahead of UTC: +01:00 or +02:00)
         v_generated := to_char(v_now at time zone 'Europe/Madrid', 'YYYY-MM-DD"T"HH24:MI:SS')
           || '+' || to_char((v_now at time zone 'Europe/Madrid') - (v_now at time zone 'UTC'), 'HH24:MI');
         if p_record_type = 'cancellation' then
           v_hash := 'IDEmisorFacturaAnulada=' || p_nif || '&NumSerieFacturaAnulada=' || p_number || '&FechaExpedicionFacturaAnulada=' || v_date
             || '&Huella=' || head.last_hash || '&FechaHoraHusoGenRegistro=' || v_generated;
         else
           v_hash := 'IDEmisorFactura=' || p_nif || '&NumSerieFactura=' || p_number || '&FechaExpedicionFactura=' || v_date || '&TipoFactura=' || v_type
             || '&CuotaTotal=' || p_tax_total || '&ImporteTotal=' || p_total || '&Huella=' || head.last_hash || '&FechaHoraHusoGenRegistro=' || v_generated;
         end if;
         v_hash := upper(encode(sha256(convert_to(v_hash, 'UTF8')), 'hex'));
         insert into verifactu_records (id, tenant_id, issuer_tax_id, position, record_type, correction, invoice_id, invoice_number, issue_date, invoice_type,
           rectification_mode, rectified_number, rectified_issue_date, tax_total, total, previous_hash, previous_record_id, generated_at, hash, reason, detail)
         values (p_id, p_tenant, p_nif, head.length + 1, p_record_type, p_correction, p_invoice_id, p_number, p_issue_date,
           case when p_record_type = 'registration' then v_type end, p_mode, v_rectified_number, v_rectified_date, p_tax_total, p_total,
           head.last_hash, head.last_record_id, v_generated, v_hash, p_reason, coalesce(p_detail, '{}'));
         update verifactu_chains set length = head.length + 1, last_hash = v_hash, last_record_id = p_id where tenant_id = p_tenant and issuer_tax_id = p_nif;
${logRow}         return jsonb_build_object('id', p_id, 'hash', v_hash, 'previous_hash', head.last_hash, 'nif', p_nif, 'number', p_number, 'date', v_date, 'total', p_total);
       end $$`;

/** Up to `20261231100200_verifactu_record_lighter`, each append also wrote its `record_created` row of the event log. */
const EVENT_ROW = `         insert into verifactu_events (tenant_id, action, record_id, detail)
         values (p_tenant, 'record_created', p_id, jsonb_build_object('record_type', p_record_type, 'invoice_number', p_number, 'hash', v_hash));
`;

/** The first version: `p_invoice_type` null means R5 when the rectified record is F2 or R5, else R1. */
const FIRST_RECTIFYING_TYPE = "           if v_type is null then v_type := case when v_rectified_type in ('F2', 'R5') then 'R5' else 'R1' end; end if;\n";
/**
 * Since the legal ground is chosen at rectification: the issue passes the ground's type (R1–R4,
 * `rectificationTypeOf`), and rectifying a simplified invoice (F2 or R5) is R5 whatever the
 * ground, as the AEAT's TipoFactura list says.
 */
const R5_FIRST_RECTIFYING_TYPE = `           if v_rectified_type in ('F2', 'R5') then v_type := 'R5'; elsif v_type is null then v_type := 'R1'; end if;\n`;

export const migrations = [
  sqlMigration('20261230000100_verifactu', [
    `create table verifactu_chains (
       tenant_id uuid not null references tenants (id) on delete cascade,
       issuer_tax_id text not null check (issuer_tax_id ~ '^[0-9A-Z]{9}$'),
       length integer not null default 0 check (length >= 0),
       last_hash text not null default '' check (last_hash = '' or last_hash ~ '^[0-9A-F]{64}$'),
       last_record_id uuid,
       primary key (tenant_id, issuer_tax_id)
     )`,
    ...tenantRowLevelSecurity('verifactu_chains'),

    `create table verifactu_records (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       issuer_tax_id text not null,
       position integer not null check (position > 0),
       record_type text not null check (record_type in ('registration', 'cancellation')),
       correction boolean not null default false,
       invoice_id uuid not null,
       invoice_number text not null check (length(invoice_number) between 1 and 60),
       issue_date date not null,
       invoice_type text check (invoice_type in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')),
       rectification_mode text check (rectification_mode in ('S', 'I')),
       rectified_number text,
       rectified_issue_date date,
       tax_total text check (tax_total ~ '^-?[0-9]{1,12}[.][0-9]{2}$'),
       total text check (total ~ '^-?[0-9]{1,12}[.][0-9]{2}$'),
       previous_hash text not null check (previous_hash = '' or previous_hash ~ '^[0-9A-F]{64}$'),
       previous_record_id uuid,
       generated_at text not null check (generated_at ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'),
       hash text not null check (hash ~ '^[0-9A-F]{64}$'),
       reason text check (length(reason) <= 500),
       -- what the export needs beyond the hashed fields (names, recipient, tax breakdown), as at the record's creation
       detail jsonb not null default '{}',
       created_at timestamptz not null default now(),
       unique (tenant_id, issuer_tax_id, position),
       foreign key (tenant_id, issuer_tax_id) references verifactu_chains (tenant_id, issuer_tax_id),
       check ((record_type = 'registration') = (invoice_type is not null and tax_total is not null and total is not null)),
       check ((position = 1) = (previous_hash = ''))
     )`,
    `create index verifactu_records_invoice on verifactu_records (tenant_id, invoice_id, position)`,
    `create index verifactu_records_date on verifactu_records (tenant_id, issue_date)`,
    ...tenantRowLevelSecurity('verifactu_records'),

    `create table verifactu_events (
       id bigint generated always as identity primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       at timestamptz not null default now(),
       action text not null check (action in ('record_created', 'exported', 'verified')),
       record_id uuid,
       detail jsonb not null default '{}'
     )`,
    `create index verifactu_events_tenant on verifactu_events (tenant_id, id)`,
    ...tenantRowLevelSecurity('verifactu_events'),

    `revoke update, truncate on verifactu_records, verifactu_events from cuadra_app`,
    `create function verifactu_immutable() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         raise exception 'VERI*FACTU % are immutable: correct a record with a new one', TG_TABLE_NAME using errcode = '55000';
       end $$`,
    `create trigger verifactu_records_immutable before update or delete on verifactu_records
       for each row execute function verifactu_immutable()`,
    `create trigger verifactu_events_immutable before update or delete on verifactu_events
       for each row execute function verifactu_immutable()`,
    `create function verifactu_refuse_truncate() returns trigger language plpgsql as $$
       begin
         raise exception 'VERI*FACTU records cannot be truncated' using errcode = '55000';
       end $$`,
    `create trigger verifactu_records_no_truncate before truncate on verifactu_records
       for each statement execute function verifactu_refuse_truncate()`,
    `create trigger verifactu_events_no_truncate before truncate on verifactu_events
       for each statement execute function verifactu_refuse_truncate()`,
  ]),

  // verifactu_append (appendFunctionSql above), first version.
  sqlMigration('20261230000200_verifactu_append', [
    appendFunctionSql('create function', FIRST_RECTIFYING_TYPE),
  ]),
  sqlMigration('20261231000400_verifactu_append_r5_first', [appendFunctionSql('create or replace function', R5_FIRST_RECTIFYING_TYPE)]),
  /*
   * Less work per record, inside the issue statement (issue 17: issuing within 20 % of its speed
   * without the plugin):
   * - no `record_created` row in `verifactu_events` per append: the records are immutable and carry
   *   their creation time, so the event log shows each record as its `record_created` event
   *   (`VerifactuService.events`); the rows written before stay in the log and are shown instead.
   * - no foreign key from the records to `tenants`: the one to `verifactu_chains (tenant_id,
   *   issuer_tax_id)` implies it (a chain belongs to a tenant, on delete cascade), and the erasure
   *   deletes the records before the chains.
   * - no format checks of `hash` and `previous_hash`: the function computes the one and copies the
   *   other from the chain's head (itself checked), and `GET /verifactu/verify` recomputes every hash
   *   and link, so a record whose hash or link is wrong is found whoever wrote it. The other checks
   *   stay: they guard what the function is handed (amounts, types, number, reason) and the
   *   generation time's format, which no verification looks at.
   */
  sqlMigration('20261231100200_verifactu_record_lighter', [
    appendFunctionSql('create or replace function', R5_FIRST_RECTIFYING_TYPE, ''),
    `alter table verifactu_records drop constraint verifactu_records_tenant_id_fkey,
       drop constraint verifactu_records_hash_check, drop constraint verifactu_records_previous_hash_check`,
  ]),
];
