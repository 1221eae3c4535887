// Generated from /openapi.json by plugins/web-app/generate-client.ts: do not edit by hand.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logos/{tenantId}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A company logo */
        get: operations["logos_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current company (legacy shape)
         * @deprecated
         * @description Requires permission `tenants.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["tenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current company
         * @description Requires permission `tenants.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["tenants_me_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the current company
         * @description Requires permission `tenants.manage` (roles: owner, admin).
         */
        patch: operations["tenants_me_update"];
        trace?: never;
    };
    "/api/v1/tenants/me/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company logo as stored (PNG), printed at the top of its documents; 404 when there is none
         * @description Requires permission `tenants.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["tenants_me_logo_list"];
        put?: never;
        /**
         * Upload the company logo (PNG, JPEG or WebP, at most 2 MiB; re-encoded as PNG)
         * @description Requires permission `tenants.manage` (roles: owner, admin).
         */
        post: operations["tenants_me_logo_create"];
        /**
         * Remove the company logo
         * @description Requires permission `tenants.manage` (roles: owner, admin).
         */
        delete: operations["tenants_me_logo_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and send the verification email */
        post: operations["auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow the emailed verification link; always redirects (302) to the front end with ?email_verification=verified|already_verified|invalid|expired, or, when no FRONTEND_URL is configured, to a confirmation page served by Cuadra */
        get: operations["auth_verify_email"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification email again (with a session, or by email without one; answers 204 either way) */
        post: operations["auth_verify_email_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with email and password; repeated failures are refused with 429 per account and address (never locking the owner out of an address it signed in from) */
        post: operations["auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a Google ID token: a linked account, an account with the same verified email (linked), or a new account sent to onboarding; MFA applies */
        post: operations["auth_google"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user, active company and memberships (also for a session that must change its temporary password first: see password_change_required)
         * @description Requires a user session (API keys are refused).
         */
        get: operations["auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; every earlier session stops working, and the new session token comes in the X-Access-Token header
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End this session at once: its token (and any it was exchanged for) answers 401 from now on; other sessions go on
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a single-use reset link valid for one hour (204 after the same work whether or not the email exists: the link is mailed after the answer, through the outbox) */
        post: operations["auth_forgot_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with an emailed token; earlier sessions stop working */
        post: operations["auth_reset_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/onboarding/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the first company; the user becomes its owner
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_onboarding_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create another company owned by the user
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_tenants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/switch-tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A session for another company of the user
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_switch_tenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API keys of the company (yours, or all for admins)
         * @description Requires permission `api_keys.manage` (roles: owner, admin, accountant, member).
         */
        get: operations["auth_api_keys_list"];
        put?: never;
        /**
         * Mint an API key (value shown once; role not above yours)
         * @description Requires permission `api_keys.manage` (roles: owner, admin, accountant, member).
         */
        post: operations["auth_api_keys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an API key; it stops working at once
         * @description Requires permission `api_keys.manage` (roles: owner, admin, accountant, member).
         */
        delete: operations["auth_api_keys_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download your personal data and the data of every company you belong to, as far as your role there may read it (one JSON attachment)
         * @description Requires a user session (API keys are refused).
         */
        get: operations["account_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete your account: companies where you are the only owner are erased with their data; from the others you leave. Sessions and API keys stop working.
         * @description Requires a user session (API keys are refused).
         */
        post: operations["account_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/taxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tax types of the company: the Spanish catalogue seeded at onboarding plus its own
         * @description Requires permission `taxes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["taxes_list"];
        put?: never;
        /**
         * Add a tax type (e.g. the OSS rate of another Member State); codes are unique per company (409)
         * @description Requires permission `taxes.manage` (roles: owner, admin, accountant).
         */
        post: operations["taxes_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/taxes/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tax settings: OSS registration and EU distance sales against the €10,000 threshold
         * @description Requires permission `taxes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["taxes_settings_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the tax settings
         * @description Requires permission `taxes.manage` (roles: owner, admin, accountant).
         */
        patch: operations["taxes_settings_update"];
        trace?: never;
    };
    "/api/v1/taxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One tax type
         * @description Requires permission `taxes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["taxes_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, describe, deactivate or reactivate a tax type (seeded ones included)
         * @description Requires permission `taxes.manage` (roles: owner, admin, accountant).
         */
        patch: operations["taxes_update"];
        trace?: never;
    };
    "/api/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customers and suppliers, filtered, by name (by relevance when searching); pages by offset or cursor
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_list"];
        put?: never;
        /**
         * Create a contact (tax number, country and IBAN are checked)
         * @description Requires permission `contacts.write` (roles: owner, admin, accountant, member).
         */
        post: operations["contacts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts over every contact matching the filters
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the filtered contacts as xlsx (default), csv, json or pdf; streamed in batches
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One contact
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_get"];
        put?: never;
        post?: never;
        /**
         * Delete a contact that no document or manual journal entry points to (else 409: merge it instead)
         * @description Requires permission `contacts.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["contacts_delete"];
        options?: never;
        head?: never;
        /**
         * Change a contact
         * @description Requires permission `contacts.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["contacts_update"];
        trace?: never;
    };
    "/api/v1/contacts/{contact_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents and totals of a contact, from the document plugins
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/{contact_id}/tax-suggestion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tax type a sale to / purchase from this contact most likely needs, and why
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_tax_suggestion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/{keep_id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge duplicates into this contact in one transaction: their documents move to it and they are deleted
         * @description Requires permission `contacts.write` (roles: owner, admin, accountant, member).
         */
        post: operations["contacts_merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts-insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contacts dashboard: new contacts per month, customer and supplier activity, top counterparties
         * @description Requires permission `contacts.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["contacts_insights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The journal (libro diario): entries with their lines, by date and number; filters by account prefix, source document and contact
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/entries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One journal entry
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger_entries_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post a manual journal entry (payroll, amortisation, opening balances…); it must balance and is immutable once posted
         * @description Requires permission `ledger.write` (roles: owner, admin, accountant).
         */
        post: operations["ledger_entries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/entries/{id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a posted entry: a new entry with debits and credits swapped (an entry is reversed at most once)
         * @description Requires permission `ledger.write` (roles: owner, admin, accountant).
         */
        post: operations["ledger_entries_reverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chart of accounts (PGC) with debit, credit and balance per account, sub-accounts included
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger_accounts_list"];
        put?: never;
        /**
         * Add a sub-account (e.g. 4300001 for one customer) under an account of the chart
         * @description Requires permission `ledger.write` (roles: owner, admin, accountant).
         */
        post: operations["ledger_accounts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/trial-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balance de sumas y saldos for a period
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger_trial_balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/account/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Libro mayor of an account (and its sub-accounts) with a running balance
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger_account_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The journal as CSV (one row per line) or in hledger/ledger-cli journal format, so an independent engine can check the totals
         * @description Requires permission `ledger.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ledger_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tax-books/{book}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * VAT record book (libro registro de facturas expedidas o recibidas) of a period, by accounting date
         * @description One row per invoice and VAT rate from the tax register, in the column layout of the tax agency's common format for the VAT books.
         *
         *     Requires permission `tax-books.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["tax_books_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/open-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open items: issued invoices and registered purchases with something outstanding, earliest due first; filters by side, contact and overdue
         * @description Requires permission `settlements.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["open_items"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record one payment settling one or several documents (partial amounts allowed): one balanced entry, the documents' amount_paid and status follow
         * @description Collections and supplier payments may be mixed; the account's lines are netted into one. An amount beyond what a document owes is 409 unless `allow_overpayment`.
         *
         *     Requires permission `settlements.write` (roles: owner, admin, accountant, member).
         */
        post: operations["settlements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settlements/{settlement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment and the documents it settled
         * @description Requires permission `settlements.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["settlements_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settlements/{settlement_id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a payment (a returned direct debit, a mistake): its entry is reversed and every document it settled is due again; once (409 after)
         * @description Requires permission `settlements.write` (roles: owner, admin, accountant, member).
         */
        post: operations["settlements_reverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/111": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 111 (Retenciones e ingresos a cuenta del IRPF (trabajo, actividades económicas, premios)) of a period, as CSV; query `year` and `quarter`, or `year` and `month`
         * @description Computed from the tax register of the period (accounting dates). `;`-separated UTF-8, amounts with a dot and two decimals. The service prepares the model; it never files it.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_111"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/111/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 111 history as JSON: every period of the year with its boxes, result and declaration type
         * @description `year` defaults to the current one; with `quarter` or `month`, only that period; without them the periods are those the company files with that year (its options), else `periodicity`.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_111_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/111/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post the closing entry of model 111 for a period (query `year` and `quarter`, or `year` and `month`); once per period, a second call is 409
         * @description The entry is computed from the model's result and the period's balances; it is an ordinary journal entry (reverse it in the ledger to undo it).
         *
         *     Requires permission `tax-models.settle` (roles: owner, admin, accountant).
         */
        post: operations["aeat_111_settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/303": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 303 (IVA, autoliquidación) of a period, as CSV; query `year` and `quarter`, or `year` and `month`
         * @description Computed from the tax register of the period (accounting dates). `;`-separated UTF-8, amounts with a dot and two decimals. The service prepares the model; it never files it.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_303"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/303/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 303 history as JSON: every period of the year with its boxes, result and declaration type
         * @description `year` defaults to the current one; with `quarter` or `month`, only that period; without them the periods are those the company files with that year (its options), else `periodicity`.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_303_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/303/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post the closing entry of model 303 for a period (query `year` and `quarter`, or `year` and `month`); once per period, a second call is 409
         * @description The entry is computed from the model's result and the period's balances; it is an ordinary journal entry (reverse it in the ledger to undo it).
         *
         *     Requires permission `tax-models.settle` (roles: owner, admin, accountant).
         */
        post: operations["aeat_303_settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/303/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 303 of a period as the tax agency's import file (query `year` and `quarter`, or `year` and `month`)
         * @description The file the tax agency's online form imports, in the record design in force for the period. The service never files it.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_303_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/303/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's options of model 303 for a year (defaults when it chose none)
         * @description The options change how the model computes that year (and, for a model that carries a balance, the years after it). Defaults apply to a year without options.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_303_options_get"];
        /**
         * Set the company's options of model 303 for a year (at least one); properties left out take their defaults
         * @description The options change how the model computes that year (and, for a model that carries a balance, the years after it). Defaults apply to a year without options.
         *
         *     Requires permission `tax-models.configure` (roles: owner, admin, accountant).
         */
        put: operations["aeat_303_options_replace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/347": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 347 (Declaración anual de operaciones con terceras personas) of a period, as CSV; query `year`
         * @description Computed from the tax register of the period (accounting dates). `;`-separated UTF-8, amounts with a dot and two decimals. The service prepares the model; it never files it.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_347"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aeat/347/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model 347 history as JSON: every period of the year with its boxes, result and declaration type
         * @description `year` defaults to the current one; with `quarter` or `month`, only that period; without them the periods are those the company files with that year (its options), else `periodicity`.
         *
         *     Requires permission `tax-models.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["aeat_347_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/treasuries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List treasuries with balance (the balance of each one's 572x account in the books)
         * @description Requires permission `treasury.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["treasuries_list"];
        put?: never;
        /**
         * Create a treasury: its 572x and 555x sub-accounts are assigned, a non-zero opening balance is posted as an opening entry
         * @description Requires permission `treasury.write` (roles: owner, admin, accountant).
         */
        post: operations["treasuries_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/treasuries/{treasury_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One treasury with its balance
         * @description Requires permission `treasury.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["treasuries_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a treasury or change its IBAN or provider
         * @description Requires permission `treasury.write` (roles: owner, admin, accountant).
         */
        patch: operations["treasuries_update"];
        trace?: never;
    };
    "/api/v1/treasuries/{treasury_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a treasury: hidden from the list by default, takes no new movements; its books stay
         * @description Requires permission `treasury.write` (roles: owner, admin, accountant).
         */
        post: operations["treasuries_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/treasuries/{treasury_id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bank statement (Norma 43, CAMT.053, XLSX, an HTML-table .xls or CSV, detected by content): new movements are stored and posted against 555x; movements already held are skipped; a Norma 43 file whose control totals fail is refused whole (422 with the line and the reason)
         * @description Requires permission `treasury.write` (roles: owner, admin, accountant).
         */
        post: operations["treasuries_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/treasuries/{treasury_id}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enter a bank movement by hand: stored and posted at once (572x against the suspense account 555x)
         * @description Requires permission `treasury.write` (roles: owner, admin, accountant).
         */
        post: operations["treasuries_movements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bank-movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bank movements, newest first; optional filter treasury_id, status, booking period and text search
         * @description Requires permission `treasury.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["bank_movements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bank-movements/{movement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One bank movement
         * @description Requires permission `treasury.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["bank_movements_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/widget-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The widget catalogue: every widget type the installed plugins contribute, with its size, parameters and data endpoint (no authentication) */
        get: operations["dashboard_widget_types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/boards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's boards; `is_default` marks the calling user's default
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_boards_list"];
        put?: never;
        /**
         * Create a board: widgets on a 12-column grid (x + w ≤ 12, none overlapping: 422 otherwise), each of a catalogue type with valid parameters
         * @description Requires permission `dashboards.write` (roles: owner, admin, accountant, member).
         */
        post: operations["dashboard_boards_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/boards/{board_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One board with its widgets
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_boards_get"];
        /**
         * Rename a board, replace its widgets (same grid rules) or make it (or stop it being) the calling user's default
         * @description Requires permission `dashboards.write` (roles: owner, admin, accountant, member).
         */
        put: operations["dashboard_boards_replace"];
        post?: never;
        /**
         * Delete a board
         * @description Requires permission `dashboards.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["dashboard_boards_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/boards/{board_id}/append-recommended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the recommended widgets whose type is not on the board yet, in fresh rows below the lowest widget; existing widgets stay put, a second call adds nothing
         * @description Requires permission `dashboards.write` (roles: owner, admin, accountant, member).
         */
        post: operations["dashboard_boards_append_recommended"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The data of one widget: `type` and `params` as its data endpoint takes them (defaults applied); answers `{type, params, data}`
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        post: operations["dashboard_data"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The year's figures from the books: sales, income, purchases, expenses, profit, VAT due, cash, receivables, payables and the months
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/kpi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * KPI: One figure of the books over a period, with the previous period and the change
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_kpi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Monthly evolution: A metric per calendar month of the period, months without activity at zero
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_timeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/top": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Top customers, suppliers or products: The largest customers (invoiced, debits of 43), suppliers (billed, credits of 40/41) or products (sales net of VAT and rectifications, by line description) of the period
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_top"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/treasuries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Treasuries: Balance of each treasury account (572x) in the books, and their total
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_treasuries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/pending-reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending reconciliation: Bank movements not matched nor categorised yet: how many and their net amount (what sits on 555)
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_pending_reconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/runway": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runway: Cash (57) over the average monthly net burn of the last full months; "infinite" when cash does not fall
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_runway"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/top-expense-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Top expense accounts: The expense accounts (PGC group 6) with the largest net debit of the period
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_top_expense_accounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/upcoming-taxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Upcoming taxes: Every tax model of the registry (303, 111, 347…) with a period still to file: its due date and the result accrued so far, as the model computes it
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_upcoming_taxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscriptions: Recurring supplier charges: suppliers billed in at least 3 of the last 6 months, with their average monthly amount
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_subscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/uncategorized-movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uncategorised movements: The latest bank movements still unmatched, newest first
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_uncategorized_movements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/data/recent-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent invoices: The latest sales invoices, newest first, optionally of one status
         * @description Requires permission `dashboards.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["dashboard_data_recent_invoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the invoice by email with its pdf attached (to its customer unless `to` is given); a draft is 409
         * @description The sending is recorded (GET …/sendings). Send an Idempotency-Key to retry safely: a replay answers the first sending and mails nothing.
         *
         *     Requires permission `invoices.issue` (roles: owner, admin, accountant, member).
         */
        post: operations["invoices_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/sendings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When and to whom the invoice was sent by email, newest first
         * @description Requires permission `invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["invoices_sendings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the proforma by email with its pdf attached (to its customer unless `to` is given); a draft is 409
         * @description The sending is recorded (GET …/sendings). Send an Idempotency-Key to retry safely: a replay answers the first sending and mails nothing.
         *
         *     Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/sendings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When and to whom the proforma was sent by email, newest first
         * @description Requires permission `proformas.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["proformas_sendings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the quote by email with its pdf attached (to its customer unless `to` is given); a draft is 409
         * @description The sending is recorded (GET …/sendings). Send an Idempotency-Key to retry safely: a replay answers the first sending and mails nothing.
         *
         *     Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/sendings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When and to whom the quote was sent by email, newest first
         * @description Requires permission `quotes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["quotes_sendings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales invoices, newest first (best match first when searching); filters by issue date (from/to), status, contact, series and text; pages by offset or cursor
         * @description Requires permission `invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["invoices_list"];
        put?: never;
        /**
         * Create an invoice: issued at once (numbered in its series, posted to the ledger) unless status is draft
         * @description VAT is computed per tax type on the summed bases and allocated back to the lines. Issuing also needs `invoices.issue`.
         *
         *     Requires permission `invoices.write` (roles: owner, admin, accountant, member).
         */
        post: operations["invoices_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice with its lines, tax breakdown and totals
         * @description Requires permission `invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["invoices_get"];
        put?: never;
        post?: never;
        /**
         * Delete a draft (an issued invoice is never deleted: 409)
         * @description Requires permission `invoices.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["invoices_delete"];
        options?: never;
        head?: never;
        /**
         * Change a draft (an issued invoice is immutable: 409, rectify it instead)
         * @description Requires permission `invoices.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["invoices_update"];
        trace?: never;
    };
    "/api/v1/invoices/{id}/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a draft: next number of its series (no gaps), posting 430/700–705/477 (473, RE), immutable from then on
         * @description Requires permission `invoices.issue` (roles: owner, admin, accountant, member).
         */
        post: operations["invoices_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/rectify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a rectifying invoice (series R) for an issued invoice, by differences or by substitution; answers the rectifying invoice
         * @description Requires permission `invoices.issue` (roles: owner, admin, accountant, member).
         */
        post: operations["invoices_rectify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a collection (Dr 572 / Cr 4300): the invoice becomes partially_paid or paid
         * @description Requires permission `invoices.issue` (roles: owner, admin, accountant, member).
         */
        post: operations["invoices_payments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invoice as PDF with the content of art. 6 RD 1619/2012 (a draft prints as BORRADOR)
         * @description Requires permission `invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["invoices_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether MFA is enabled or waiting for activation, and recovery codes left
         * @description Requires a user session (API keys are refused).
         */
        get: operations["auth_mfa_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start (or restart) MFA setup: a new pending TOTP secret and its otpauth:// URI; 409 while MFA is enabled
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_mfa_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable MFA with a code for the pending secret; returns 10 one-time recovery codes, shown only here
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_mfa_activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable MFA with the password or a current TOTP/recovery code; removes the secret and the recovery codes
         * @description Requires a user session (API keys are refused).
         */
        post: operations["auth_mfa_disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-reminders/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's reminder schedule (off until turned on)
         * @description Requires permission `payment-reminders.manage` (roles: owner, admin).
         */
        get: operations["payment_reminders_settings_get"];
        /**
         * Turn reminders on or off, and set the days after the due date of each reminder and an extra paragraph
         * @description Requires permission `payment-reminders.manage` (roles: owner, admin).
         */
        put: operations["payment_reminders_settings_replace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reminders sent (or skipped: the customer has no email), newest first; filter by document
         * @description Requires permission `payment-reminders.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["payment_reminders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Proformas, newest first; filters by issue date (from/to), status (expired as read), contact and text
         * @description Requires permission `proformas.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["proformas_list"];
        put?: never;
        /**
         * Create a proforma: a draft numbered at once in series PF, with no fiscal effect (no books, no tax register)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One proforma with its lines, tax breakdown and totals
         * @description Requires permission `proformas.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["proformas_get"];
        put?: never;
        post?: never;
        /**
         * Delete a draft proforma (409 once sent)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["proformas_delete"];
        options?: never;
        head?: never;
        /**
         * Change a draft proforma (409 once sent)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["proformas_update"];
        trace?: never;
    };
    "/api/v1/proformas/{id}/mark-sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that the proforma was sent to the customer (draft → sent)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_mark_sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer accepted the proforma (sent → accepted; 409 once expired)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer rejected the proforma (sent or expired → rejected)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert the proforma into a draft invoice with its customer and lines; the proforma records invoice_id and counts as accepted. Once only (409 again, and for a rejected or expired one)
         * @description Requires permission `proformas.write` (roles: owner, admin, accountant, member).
         */
        post: operations["proformas_convert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proformas/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The proforma as PDF (FACTURA PROFORMA; Documento sin validez fiscal)
         * @description Requires permission `proformas.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["proformas_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Purchase invoices and expenses, newest first (best match first when searching); filters by date (from/to), status, contact, kind and text; pages by offset or cursor
         * @description Requires permission `purchases.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["purchases_list"];
        put?: never;
        /**
         * Register a purchase invoice or an expense (posted at once: 6xx / 472 / 4000–4100, 4751, reverse charge 472/477) unless status is draft
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        post: operations["purchases_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/purchases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One purchase with its lines, tax breakdown and totals
         * @description Requires permission `purchases.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["purchases_get"];
        put?: never;
        post?: never;
        /**
         * Delete a draft (a registered purchase is never deleted: 409)
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["purchases_delete"];
        options?: never;
        head?: never;
        /**
         * Change a draft (a registered purchase is immutable: 409)
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["purchases_update"];
        trace?: never;
    };
    "/api/v1/purchases/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The original file the purchase was read from (PDF or image, as uploaded); 404 when it was entered by hand
         * @description Requires permission `purchases.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["purchases_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/purchases/{id}/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a draft: registration number, posting, immutable from then on
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        post: operations["purchases_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/purchases/{id}/rectify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register the supplier's rectifying invoice for a registered purchase, by differences or by substitution
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        post: operations["purchases_rectify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/purchases/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a payment to the supplier (Dr 4000/4100 / Cr 572): partially_paid or paid
         * @description Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        post: operations["purchases_payments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/ingest-purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest a purchase PDF or photo: text layer or OCR read, supplier matched, booked (or a draft for review), deduplicated
         * @description Reads the text layer of each PDF page and OCRs the pages without one (and photos). Answers 201 with the purchase created, 200 with `duplicate_of` when the same file or the same supplier invoice is already registered (nothing is created) or when too little was read. With `async=true`: 202 with a job at once, polled at GET /ai/ingest-purchase/jobs/{job_id}. Too large: 413 before the body is read; not a PDF/JPEG/PNG: 415; encrypted, damaged or over 20 pages: 422. Every file is decoded in its own process under budgets (decompressed bytes, pixels of an image, pages, memory, CPU time): a file over one is 422 naming it (with async=true, a job that ends failed with that status and detail). Every decoding process busy and its queue full, or every OCR worker busy: 503 with Retry-After (also with async=true).
         *
         *     Requires permission `purchases.write` (roles: owner, admin, accountant, member).
         */
        post: operations["ai_ingest_purchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/ingest-purchase/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An ingestion started with async=true: queued, running, done (with the result) or failed (with the error); wait=N long-polls
         * @description Any server of the deployment answers, also after a restart. A job whose server stopped before it finished (a restart, a crash) is failed with error.status 503: send the file again (if it was booked meanwhile, the same file answers with that purchase and duplicate_of).
         *
         *     Requires permission `purchases.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["ai_ingest_purchase_jobs_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quotes, newest first; filters by issue date (from/to), status (expired as read), contact and text
         * @description Requires permission `quotes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["quotes_list"];
        put?: never;
        /**
         * Create a quote: a draft numbered at once in series P, with no fiscal effect (no books, no tax register)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One quote with its lines, tax breakdown and totals
         * @description Requires permission `quotes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["quotes_get"];
        put?: never;
        post?: never;
        /**
         * Delete a draft quote (409 once sent)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["quotes_delete"];
        options?: never;
        head?: never;
        /**
         * Change a draft quote (409 once sent)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["quotes_update"];
        trace?: never;
    };
    "/api/v1/quotes/{id}/mark-sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that the quote was sent to the customer (draft → sent)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_mark_sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer accepted the quote (sent → accepted; 409 once expired)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer rejected the quote (sent or expired → rejected)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert the quote into a draft invoice with its customer and lines; the quote records invoice_id and counts as accepted. Once only (409 again, and for a rejected or expired one)
         * @description Requires permission `quotes.write` (roles: owner, admin, accountant, member).
         */
        post: operations["quotes_convert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The quote as PDF (PRESUPUESTO; Documento sin validez fiscal)
         * @description Requires permission `quotes.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["quotes_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/manual-match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a movement to a document; body fields movement_id, document_id
         * @description Settles the document (a sales or purchase invoice) with the movement: one entry moves the amount from the treasury's suspense account 555x to the customer's or supplier's account, the document's amount_paid, amount_due and status follow, and the movement becomes `matched` once all of it is applied. `amount` applies part of the movement (one movement paying several documents: one call each); more than the document owes is 409 unless `allow_overpayment`. `fee_amount` records a bank fee kept from the payment: the document is settled for the amount plus the fee and the fee goes to 626 in the same match. Undo with DELETE /reconciliation/matches/{id}.
         *
         *     Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        post: operations["reconciliation_manual_match"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Matches and categorisations, newest first, with how each was made; optional filter movement_id
         * @description Requires permission `reconciliation.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["reconciliation_matches_list"];
        put?: never;
        /**
         * Accept a board candidate: settle one or several documents with a movement in one entry (method `suggestion`)
         * @description Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        post: operations["reconciliation_matches_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/categorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Categorise what is left of a movement that pays no document: the amount moves from 555x to the account, the movement becomes `categorized`
         * @description Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        post: operations["reconciliation_categorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/matches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One match
         * @description Requires permission `reconciliation.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["reconciliation_matches_get"];
        put?: never;
        post?: never;
        /**
         * Undo a match or a categorisation: its entry is reversed (dated today), the documents owe again and the movement is unmatched
         * @description Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        delete: operations["reconciliation_matches_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/board": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Board of reconciliation suggestions
         * @description For each unmatched movement (newest first): candidate documents ranked by a 0–1 score with the reasons (exact or near amount, fee deducted, several documents in one payment, name similarity to the contact, IBAN, what this company matched before, document number in the text, distance to the due date), the proposal when one is clear, `ambiguous` when two are too close, and proposed categories (bank fees 626, taxes 4750, social security 476, payroll 640, …). Accept a candidate with POST /reconciliation/matches, a category with POST /reconciliation/categorize. It shows movements, documents and contact names, so besides reconciliation.read the caller needs treasury.read, contacts.read and the read permission of every document kind (invoices.read, purchases.read …), role and API-key scopes alike: 403 otherwise.
         *
         *     Requires permission `reconciliation.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["reconciliation_board"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's auto-matching settings (off by default)
         * @description Requires permission `reconciliation.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["reconciliation_settings_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn auto-matching on or off and set its threshold
         * @description Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        patch: operations["reconciliation_settings_update"];
        trace?: never;
    };
    "/api/v1/reconciliation/auto-match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run auto-matching now over the unmatched movements (it also runs after every statement import); nothing when it is off
         * @description Requires permission `reconciliation.write` (roles: owner, admin, accountant).
         */
        post: operations["reconciliation_auto_match"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recurring invoice templates, oldest first; filter by status
         * @description Requires permission `recurring-invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["recurring_invoices_list"];
        put?: never;
        /**
         * Create a template: from its start date, the background job makes one invoice a period (issued or draft), periods missed while the service was down included
         * @description The customer and lines are checked as POST /invoices checks them; what issuing checks (the company's data) is checked as each invoice is made, and a failure is recorded on the period's run (GET /recurring-invoices/{id}/runs) and retried.
         *
         *     Requires permission `recurring-invoices.write` (roles: owner, admin, accountant, member).
         */
        post: operations["recurring_invoices_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One template, with the date of its next invoice
         * @description Requires permission `recurring-invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["recurring_invoices_get"];
        put?: never;
        post?: never;
        /**
         * Delete a template and its runs; the invoices it made stay
         * @description Requires permission `recurring-invoices.write` (roles: owner, admin, accountant, member).
         */
        delete: operations["recurring_invoices_delete"];
        options?: never;
        head?: never;
        /**
         * Change a template: only the invoices not made yet change
         * @description Requires permission `recurring-invoices.write` (roles: owner, admin, accountant, member).
         */
        patch: operations["recurring_invoices_update"];
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop making invoices from today (409 when already paused)
         * @description Requires permission `recurring-invoices.write` (roles: owner, admin, accountant, member).
         */
        post: operations["recurring_invoices_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make invoices again from today; the periods that fell due while paused are skipped, not made (409 when not paused)
         * @description Requires permission `recurring-invoices.write` (roles: owner, admin, accountant, member).
         */
        post: operations["recurring_invoices_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the job made from a template, newest period first: each period's invoice (id, number, status) or why it failed
         * @description Requires permission `recurring-invoices.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["recurring_invoices_runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search box: the best contacts, invoices and purchases matching `q`, per kind, with the fields that matched
         * @description Requires permission `search.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mandates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List direct-debit mandates (cancelled ones with include_cancelled)
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["mandates_list"];
        put?: never;
        /**
         * Record a mandate a customer signed: unique reference, signature date, scheme, recurrent or one-off, the account to debit
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["mandates_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mandates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One mandate
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["mandates_get"];
        put?: never;
        post?: never;
        /**
         * Delete a mandate entered by mistake; one already collected is cancelled instead (409)
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        delete: operations["mandates_delete"];
        options?: never;
        head?: never;
        /**
         * Change a mandate's account or signature date, or cancel it (`cancelled: true`)
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        patch: operations["mandates_update"];
        trace?: never;
    };
    "/api/v1/payment-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment orders, newest first
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["payment_orders_list"];
        put?: never;
        /**
         * Pay open purchase invoices by SEPA credit transfer: one order, one transfer per invoice for what it still owes (the supplier needs a valid IBAN)
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["payment_orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment order with its transfers
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["payment_orders_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-orders/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order as an ISO 20022 pain.001.001.09 file for the bank
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["payment_orders_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-orders/{id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the order as paid on a date: every invoice in it settled at once against the treasury, one payment and one journal entry
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["payment_orders_settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/direct-debit-remittances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List direct-debit remittances, newest first
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["direct_debit_remittances_list"];
        put?: never;
        /**
         * Collect open sales invoices by SEPA direct debit under each customer's mandate (FRST, RCUR or OOFF as the mandate requires)
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["direct_debit_remittances_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/direct-debit-remittances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One remittance with its debits
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["direct_debit_remittances_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/direct-debit-remittances/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The remittance as an ISO 20022 pain.008.001.08 file for the bank
         * @description Requires permission `sepa.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["direct_debit_remittances_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/direct-debit-remittances/{id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the remittance as collected on a date: every invoice in it settled at once, one payment and one journal entry
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["direct_debit_remittances_settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/direct-debit-remittances/{id}/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a returned debit (R-transaction) of a settled remittance: the invoice is owed again, the fee goes to 626, the statement's debit is matched, and the mandate is cancelled when the reason says it cannot be used again (AC01, AC04, AC06, MD01, MD07)
         * @description Requires permission `sepa.write` (roles: owner, admin, accountant).
         */
        post: operations["direct_debit_remittances_returns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of the company with their roles (array)
         * @description Requires permission `team.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["team_members"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (and their API keys here); the last owner cannot be removed (409)
         * @description Requires permission `team.manage` (roles: owner, admin).
         */
        delete: operations["team_members_delete"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (never above yours; only owners change owners; the last owner stays: 409)
         * @description Requires permission `team.manage` (roles: owner, admin).
         */
        patch: operations["team_members_update"];
        trace?: never;
    };
    "/api/v1/team/members/quick-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a member with a temporary password (shown once, no email); they must change it at first login
         * @description From a user session only (API keys never add people: 403), with a role not above yours. An address that already has an account is not created: it is emailed an invitation to join with that role, and the answer has the same status and shape (its `user_id` names nobody until they accept), so this operation never reveals whether an address has an account. A member or pending invitation of this company is 409.
         *
         *     Requires permission `team.manage` (roles: owner, admin).
         */
        post: operations["team_members_quick_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invitations of the company, newest first (array), with status pending/accepted/revoked/expired
         * @description Requires permission `team.manage` (roles: owner, admin).
         */
        get: operations["team_invitations_list"];
        put?: never;
        /**
         * Invite someone by email (link to FRONTEND_URL/invitations/{token}, single use, 7 days)
         * @description From a user session only (API keys never add people: 403), with a role not above yours.
         *
         *     Requires permission `team.manage` (roles: owner, admin).
         */
        post: operations["team_invitations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/{inv_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the invitation again with a new link (the old link stops working; 7 more days)
         * @description Requires permission `team.manage` (roles: owner, admin).
         */
        post: operations["team_invitations_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/{inv_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation; its link stops working
         * @description Requires permission `team.manage` (roles: owner, admin).
         */
        delete: operations["team_invitations_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers (no auth); 404 unknown/used/revoked, 410 expired */
        get: operations["auth_invitations_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation (no auth): existing users give their password, new users choose one; answers a session for the company
         * @description The invitation holds only while whoever sent it is still a member whose role may grant the invited role: otherwise 409, and the invitation is left as it was.
         */
        post: operations["auth_invitations_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invoice's VERI*FACTU QR code (PNG, or SVG with format=svg), error correction M, encoding the AEAT validation URL
         * @description Requires permission `verifactu.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["invoices_qr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * VERI*FACTU records in chain order, with the exact values that entered each hash; filters by invoice issue date (from/to) and invoice
         * @description Requires permission `verifactu.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["verifactu_records"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/cancellations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a cancellation record (registro de anulación) for an invoice's registration, chained like every record
         * @description Requires permission `verifactu.write` (roles: owner, admin, accountant).
         */
        post: operations["verifactu_cancellations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a correction record (subsanación): the invoice's registration again with corrected data (the invoice type)
         * @description Requires permission `verifactu.write` (roles: owner, admin, accountant).
         */
        post: operations["verifactu_corrections"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recompute every chain and report intact, or the first broken link; the verification is logged
         * @description Requires permission `verifactu.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["verifactu_verify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The records of invoices issued from–to as XML in the AEAT's SuministroLR shape, for the company or its accountant to submit (Cuadra sends nothing to the AEAT); the export is logged
         * @description Requires permission `verifactu.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["verifactu_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifactu/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The VERI*FACTU event log, newest first: records created, exports, verifications
         * @description Requires permission `verifactu.read` (roles: owner, admin, accountant, member, viewer).
         */
        get: operations["verifactu_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event types an endpoint may subscribe to
         * @description Requires permission `webhooks.read` (roles: owner, admin).
         */
        get: operations["webhooks_event_types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's webhook endpoints
         * @description Requires permission `webhooks.read` (roles: owner, admin).
         */
        get: operations["webhooks_list"];
        put?: never;
        /**
         * Register an HTTPS endpoint for events; the signing secret is shown only in this answer
         * @description Requires permission `webhooks.manage` (roles: owner, admin).
         */
        post: operations["webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Requires permission `webhooks.read` (roles: owner, admin).
         */
        get: operations["webhooks_get"];
        put?: never;
        post?: never;
        /**
         * Delete an endpoint: nothing more is sent to it, and its delivery log goes with it
         * @description Requires permission `webhooks.manage` (roles: owner, admin).
         */
        delete: operations["webhooks_delete"];
        options?: never;
        head?: never;
        /**
         * Change an endpoint's URL, events or description; disable it, or enable it again (pending deliveries then go out)
         * @description Requires permission `webhooks.manage` (roles: owner, admin).
         */
        patch: operations["webhooks_update"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (shown only here); deliveries carry a signature with each secret until the previous one expires
         * @description Requires permission `webhooks.manage` (roles: owner, admin).
         */
        post: operations["webhooks_rotate_secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's deliveries, newest first: status, attempts, response code and an excerpt of the answer
         * @description Requires permission `webhooks.read` (roles: owner, admin).
         */
        get: operations["webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now (same body and event id) and answer how it went
         * @description Requires permission `webhooks.manage` (roles: owner, admin).
         */
        post: operations["webhooks_deliveries_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TenantMe: {
            /** Format: uuid */
            id: string;
            name: string;
            legal_name: string | null;
            tax_id: string;
            address: string | null;
            city: string | null;
            postal_code: string | null;
            province: string | null;
            country: string;
            logo_url: string | null;
            fiscal_year_start_month: number;
            /** @description The company's entry in the Registro Mercantil, printed on its documents (art. 24 RRM); null for none (e.g. a sole trader) */
            mercantile_registry?: {
                /**
                 * @description The Registro Mercantil (its seat), e.g. "Madrid"
                 * @example Madrid
                 */
                registry: string;
                /** @example 12345 */
                tomo: string;
                /** @example 67 */
                folio: string;
                /**
                 * @description Sheet number with the registry's letters, e.g. "M-123456"
                 * @example M-123456
                 */
                hoja: string;
                /**
                 * @description e.g. "1ª"
                 * @example 1ª
                 */
                inscripcion: string;
            } | null;
            /**
             * @description How customers pay by default, printed on invoices ("Forma de pago"); with `transfer`, the IBAN of the treasury marked as collection account follows
             * @enum {string|null}
             */
            default_payment_method?: "transfer" | "direct_debit" | "cash" | "card" | "cheque" | "bizum" | null;
            /** Format: date-time */
            created_at: string;
        };
        CreateTenantRequest: {
            name: string;
            /** @description Spanish NIF/CIF, checksum-validated */
            tax_id: string;
            legal_name?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            province?: string | null;
            /** @description ISO 3166-1 alpha-2; ES by default */
            country?: string;
            /** @description 1 (January) by default */
            fiscal_year_start_month?: number;
        };
        /** @description Any TenantMe field but id, created_at and logo_url; at least one. */
        TenantUpdate: {
            name?: string;
            /** @description Spanish NIF/CIF, checksum-validated */
            tax_id?: string;
            legal_name?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            province?: string | null;
            /** @description ISO 3166-1 alpha-2; ES by default */
            country?: string;
            /** @description 1 (January) by default */
            fiscal_year_start_month?: number;
            /** @description The company's entry in the Registro Mercantil, printed on its documents (art. 24 RRM); null for none (e.g. a sole trader) */
            mercantile_registry?: {
                /**
                 * @description The Registro Mercantil (its seat), e.g. "Madrid"
                 * @example Madrid
                 */
                registry: string;
                /** @example 12345 */
                tomo: string;
                /** @example 67 */
                folio: string;
                /**
                 * @description Sheet number with the registry's letters, e.g. "M-123456"
                 * @example M-123456
                 */
                hoja: string;
                /**
                 * @description e.g. "1ª"
                 * @example 1ª
                 */
                inscripcion: string;
            } | null;
            /**
             * @description How customers pay by default, printed on invoices ("Forma de pago"); with `transfer`, the IBAN of the treasury marked as collection account follows
             * @enum {string|null}
             */
            default_payment_method?: "transfer" | "direct_debit" | "cash" | "card" | "cheque" | "bizum" | null;
        };
        LogoUploadResponse: {
            logo_url: string;
        };
        LegacyTenant: {
            /** Format: uuid */
            id: string;
            name: string;
            tax_id: string;
            country: string;
            /** Format: date-time */
            created_at: string;
        };
        RegisterRequest: {
            /** Format: email */
            email: string;
            password: string;
            full_name?: string | null;
        };
        RegisterResponse: {
            /** Format: uuid */
            user_id: string;
            email: string;
            email_verified: boolean;
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
        };
        LoginRequest: {
            email: string;
            password: string;
            mfa_code?: string;
        };
        LoginResponse: {
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
            /** Format: uuid */
            tenant_id: string | null;
        };
        IdentityProviderLoginRequest: {
            /** @description A Google ID token (JWT) for this service's client id */
            id_token: string;
            /** @description When MFA is enabled: a TOTP or recovery code */
            mfa_code?: string;
        };
        ChangePasswordRequest: {
            current_password: string;
            new_password: string;
        };
        ResendVerificationRequest: {
            /** Format: email */
            email?: string;
        };
        ForgotPasswordRequest: {
            email: string;
        };
        ResetPasswordRequest: {
            token: string;
            new_password: string;
        };
        OnboardingCompleteRequest: {
            name: string;
            /** @description Spanish NIF/CIF, checksum-validated */
            tax_id: string;
            legal_name?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            province?: string | null;
            /** @description ISO 3166-1 alpha-2; ES by default */
            country?: string;
            /** @description 1 (January) by default */
            fiscal_year_start_month?: number;
        };
        OnboardingCompleteResponse: {
            tenant: components["schemas"]["TenantMe"];
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
        };
        SwitchTenantRequest: {
            /** Format: uuid */
            tenant_id: string;
        };
        ApiKeyCreate: {
            name: string;
            /** @enum {string} */
            role?: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** Format: date-time */
            expires_at?: string | null;
            /** @description Narrows the role: the key may only do what both its role and one of these scopes allow */
            scopes?: string[] | null;
        };
        ApiKeyCreateResponse: {
            /** Format: uuid */
            key_id: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** @description Shown only once */
            key: string;
            prefix: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @description The scopes narrowing the role; null: the role's full reach */
            scopes: string[] | null;
        };
        ApiKeyListItem: {
            /** Format: uuid */
            key_id: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            prefix: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /** @description The scopes narrowing the role; null: the role's full reach */
            scopes: string[] | null;
        };
        MeResponse: {
            user: {
                /** Format: uuid */
                id: string;
                email: string;
                email_verified: boolean;
                full_name: string | null;
                mfa_enabled: boolean;
                /** Format: date-time */
                created_at: string;
            };
            tenant: components["schemas"]["TenantMe"];
            memberships: {
                /** Format: uuid */
                tenant_id: string;
                tenant_name: string;
                /** @enum {string} */
                role: "owner" | "admin" | "accountant" | "member" | "viewer";
            }[];
            onboarding_required: boolean;
            password_change_required: boolean;
        };
        /** @description Re-authentication: password (+ MFA code when enabled); a password-less account gives an MFA code or a fresh Google ID token */
        AccountDeleteRequest: {
            /** @description Your current password (accounts that have one) */
            password?: string;
            /** @description With MFA enabled: a TOTP or recovery code (alone, for a password-less account) */
            mfa_code?: string;
            /** @description Password-less (Google) accounts: a Google ID token at most 10 minutes old */
            id_token?: string;
        };
        AccountDeleteResponse: {
            /** Format: uuid */
            deleted_user_id: string;
            /** @description Companies where you were the only owner: erased with all their data */
            deleted_tenant_ids: string[];
            /** @description Companies that had other owners: only your membership was removed */
            left_tenant_ids: string[];
        };
        AccountExport: {
            /** @constant */
            format: "cuadra.account-export";
            version: number;
            /** Format: date-time */
            generated_at: string;
            /** @description Sections about you, one per plugin (identity, mfa, …) */
            user: {
                [key: string]: unknown;
            };
            tenants: {
                /** Format: uuid */
                tenant_id: string;
                tenant_name: string;
                role: string;
                /** @description The company's data, one section per plugin */
                sections: {
                    [key: string]: unknown;
                };
            }[];
        };
        /** @description What a sale with this type posts: PGC accounts and the invoice mention. Tax-model boxes are not here: each model maps the tax register to its own boxes */
        TaxTypeSalesMetadata: {
            /** @description PGC account code ("477", "7000") */
            account: string | null;
            /** @description Default PGC revenue account for goods (700x); services use the matching 705x */
            revenue_account: string | null;
            /** @description Mandatory invoice mention (art. 6.1.j RD 1619/2012) */
            legend: string | null;
        };
        /** @description What a purchase with this type posts; reverse charge also self-assesses output VAT (`self_assessed_account`) */
        TaxTypePurchasesMetadata: {
            /** @description PGC account code ("477", "7000") */
            account: string | null;
            /** @description PGC account code ("477", "7000") */
            self_assessed_account: string | null;
        };
        /** @description `sales`/`purchases` null: the type cannot be used on that side. */
        TaxTypeResponse: {
            /** Format: uuid */
            id: string;
            code: string;
            name: string;
            /**
             * @description `vat`, `surcharge` (recargo de equivalencia) or `withholding` (IRPF)
             * @enum {string}
             */
            kind: "vat" | "surcharge" | "withholding";
            /** @description Percentage with two decimals ("21.00") */
            rate: string;
            /**
             * @description VAT regime. `not_subject` (no sujeta por reglas de localización, 303 box [120]) is kept apart from `exempt` (exenta, art. 20 LIVA, annual box [83]) because tax models report them in different boxes.
             * @enum {string}
             */
            regime: "domestic" | "intra_eu" | "export" | "reverse_charge" | "import" | "oss" | "exempt" | "not_subject";
            /** @description ISO 3166-1 alpha-2, for country-specific types (OSS) */
            country: string | null;
            description: string;
            /** @description Inactive types stay on old documents but are not offered for new ones */
            active: boolean;
            /** @description Part of the built-in Spanish catalogue (its id is stable: UUIDv5 of the tenant id and the code) */
            seeded: boolean;
            sales: components["schemas"]["TaxTypeSalesMetadata"];
            purchases: components["schemas"]["TaxTypePurchasesMetadata"];
        };
        /** @description A company-defined tax type (e.g. the OSS rate of another country). When `sales`/`purchases` are omitted they are copied from the built-in type of the same kind and regime (and rate, when one matches). */
        TaxTypeCreate: {
            /** @description Unique per company; stored upper-case */
            code: string;
            name: string;
            /**
             * @description `vat`, `surcharge` (recargo de equivalencia) or `withholding` (IRPF)
             * @enum {string}
             */
            kind: "vat" | "surcharge" | "withholding";
            /** @description Percentage, 0..100, at most two decimals */
            rate: string;
            /**
             * @description VAT regime. `not_subject` (no sujeta por reglas de localización, 303 box [120]) is kept apart from `exempt` (exenta, art. 20 LIVA, annual box [83]) because tax models report them in different boxes.
             * @enum {string}
             */
            regime: "domestic" | "intra_eu" | "export" | "reverse_charge" | "import" | "oss" | "exempt" | "not_subject";
            /** @description ISO 3166-1 alpha-2; required for `oss` (an EU Member State other than ES) */
            country?: string | null;
            description?: string;
            sales?: {
                /** @description PGC account code ("477", "7000") */
                account?: string;
                /** @description Default PGC revenue account for goods (700x); services use the matching 705x */
                revenue_account?: string;
                /** @description Mandatory invoice mention (art. 6.1.j RD 1619/2012) */
                legend?: string;
            } | null;
            purchases?: {
                /** @description PGC account code ("477", "7000") */
                account?: string;
                /** @description PGC account code ("477", "7000") */
                self_assessed_account?: string;
            } | null;
        };
        /** @description Code, kind, rate and regime never change: documents keep pointing at them. Create a new type instead. */
        TaxTypeUpdate: {
            name?: string;
            description?: string;
            active?: boolean;
        };
        PaginatedResponse_TaxTypeResponse_: {
            items: components["schemas"]["TaxTypeResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        TaxSettingsResponse: {
            /** @description Registered in the Union OSS scheme: destination VAT on EU consumer sales */
            oss_registered: boolean;
            /** @description EU-wide yearly distance-sales threshold (art. 73 LIVA) */
            oss_threshold: string;
            /** @description Intra-EU distance sales to consumers this calendar year, reported by invoice plugins */
            distance_sales_current_year: string;
            distance_sales_previous_year: string;
            /** @description Registered, or above the threshold this or last year: EU consumer sales carry destination VAT (OSS) */
            oss_applies: boolean;
        };
        TaxSettingsUpdate: {
            oss_registered: boolean;
        };
        ContactCreate: {
            /**
             * @description `customer` or `supplier`
             * @enum {string}
             */
            kind: "customer" | "supplier";
            name: string;
            /** @description Also acts as the other kind (a customer the company also buys from, or the reverse): it may be invoiced and may be the supplier of purchases either way. Default false. */
            customer_and_supplier?: boolean;
            /**
             * @description `business` (default) or `individual` (a private person: B2C rules apply)
             * @enum {string}
             */
            customer_type?: "business" | "individual";
            /** @description Tax number. Spain: NIF/NIE/CIF (checksum). Other EU: VAT number in the country's format (prefix added when missing). Elsewhere: free text, at most 32. */
            vat?: string | null;
            /** @description ISO 3166-1 alpha-2 ("ES" by default); stored upper-case */
            country?: string;
            legal_name?: string | null;
            /** Format: email */
            email?: string | null;
            phone?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            province?: string | null;
            /** @description IBAN (checksum verified), stored without spaces */
            iban?: string | null;
            /** @description The system the contact was imported from */
            external_source?: string | null;
            /** @description Its id there; (external_source, external_id) is unique per company */
            external_id?: string | null;
            /** @description Customer id at a payment processor (e.g. Stripe cus_…) */
            payment_processor_id?: string | null;
            notes?: string | null;
        };
        /** @description Any ContactCreate field; at least one. Send null to clear an optional field. */
        ContactUpdate: {
            /**
             * @description `customer` or `supplier`
             * @enum {string}
             */
            kind?: "customer" | "supplier";
            name?: string;
            /** @description Also acts as the other kind (a customer the company also buys from, or the reverse): it may be invoiced and may be the supplier of purchases either way. Default false. */
            customer_and_supplier?: boolean;
            /**
             * @description `business` (default) or `individual` (a private person: B2C rules apply)
             * @enum {string}
             */
            customer_type?: "business" | "individual";
            /** @description Tax number. Spain: NIF/NIE/CIF (checksum). Other EU: VAT number in the country's format (prefix added when missing). Elsewhere: free text, at most 32. */
            vat?: string | null;
            /** @description ISO 3166-1 alpha-2 ("ES" by default); stored upper-case */
            country?: string;
            legal_name?: string | null;
            /** Format: email */
            email?: string | null;
            phone?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            province?: string | null;
            /** @description IBAN (checksum verified), stored without spaces */
            iban?: string | null;
            /** @description The system the contact was imported from */
            external_source?: string | null;
            /** @description Its id there; (external_source, external_id) is unique per company */
            external_id?: string | null;
            /** @description Customer id at a payment processor (e.g. Stripe cus_…) */
            payment_processor_id?: string | null;
            notes?: string | null;
        };
        ContactResponse: {
            /** Format: uuid */
            id: string;
            /**
             * @description `customer` or `supplier`
             * @enum {string}
             */
            kind: "customer" | "supplier";
            /** @description Also acts as the other kind (a customer the company also buys from, or the reverse): it may be invoiced and may be the supplier of purchases either way. Default false. */
            customer_and_supplier: boolean;
            name: string;
            /**
             * @description `business` (default) or `individual` (a private person: B2C rules apply)
             * @enum {string}
             */
            customer_type: "business" | "individual";
            vat: string | null;
            country: string;
            legal_name: string | null;
            email: string | null;
            phone: string | null;
            address: string | null;
            city: string | null;
            postal_code: string | null;
            province: string | null;
            iban: string | null;
            external_source: string | null;
            external_id: string | null;
            payment_processor_id: string | null;
            notes: string | null;
            /** @description The tax number passed its checksum (Spanish NIF/NIE/CIF, EU check digits). False when there is none, when an EU number is well-formed but its check digits are wrong, and for non-EU numbers, which cannot be checked. */
            vat_valid: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginatedResponse_ContactResponse_: {
            items: components["schemas"]["ContactResponse"][];
            /** @description Contacts matching the filters, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        ContactSummary: {
            total: number;
            /** @description kind customer, or flagged customer_and_supplier */
            customers: number;
            /** @description kind supplier, or flagged customer_and_supplier */
            suppliers: number;
            /** @description No tax number */
            without_vat: number;
            /** @description With a payment_processor_id */
            payment_processor_linked: number;
        };
        /** @description Figures contributed by the document plugins (zeros while none is installed). */
        ContactStatsResponse: {
            documents_count: number;
            /** @description Decimal string, two decimals */
            invoiced_total: string;
            /** @description Decimal string, two decimals */
            purchased_total: string;
            /** @description Decimal string, two decimals */
            outstanding_total: string;
            /** Format: date */
            first_document_date: string | null;
            /** Format: date */
            last_document_date: string | null;
        };
        TaxSuggestionResponse: {
            /** @enum {string} */
            context: "sale" | "purchase";
            /** Format: uuid */
            tax_type_id: string;
            code: string;
            /** @description Percentage ("21.00") */
            rate: string;
            /** @description Why this type, in plain Spanish, with the legal reference */
            reason: string;
        };
        MergeContactsBody: {
            /** @description Contacts to merge into the one in the path and delete */
            duplicate_ids: string[];
        };
        MergeContactsResponse: {
            contact: components["schemas"]["ContactResponse"];
            merged_ids: string[];
            documents_repointed: number;
        };
        /** @description Contacts dashboard over the last `months` calendar months (UTC), this month included. Activity comes from the document plugins. */
        ContactInsights: {
            months: number;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            totals: {
                contacts: number;
                customers: number;
                suppliers: number;
            };
            /** @description Every month of the window, oldest first, zeros included */
            new_contacts: {
                month: string;
                total: number;
                customers: number;
                suppliers: number;
            }[];
            activity: {
                month: string;
                /** @description Customers with at least one sale document that month */
                active_customers: number;
                /** @description Suppliers with at least one purchase document that month */
                active_suppliers: number;
                /** @description Decimal string, two decimals */
                sales_total: string;
                /** @description Decimal string, two decimals */
                purchases_total: string;
                documents: number;
            }[];
            /** @description At most 10, by total over the window */
            top_customers: {
                /** Format: uuid */
                contact_id: string;
                name: string;
                documents: number;
                /** @description Decimal string, two decimals */
                total: string;
            }[];
            top_suppliers: {
                /** Format: uuid */
                contact_id: string;
                name: string;
                documents: number;
                /** @description Decimal string, two decimals */
                total: string;
            }[];
        };
        JournalEntryResponse: {
            /** Format: uuid */
            id: string;
            /** @description Gapless per company, in posting order */
            number: number;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            description: string;
            /** @description "manual", "invoice", "purchase", … */
            source_type: string;
            /** Format: uuid */
            source_id: string | null;
            /**
             * Format: uuid
             * @description The entry this one reverses
             */
            reversal_of: string | null;
            /**
             * Format: uuid
             * @description The entry that reverses this one
             */
            reversed_by: string | null;
            /** Format: date-time */
            created_at: string;
            lines: {
                line_no: number;
                account: string;
                account_name: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit: string;
                /** Format: uuid */
                contact_id: string | null;
                /** Format: uuid */
                tax_type_id: string | null;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                tax_base: string | null;
            }[];
        };
        /** @description A manual entry (payroll, amortisation, opening balances…): debits must equal credits. */
        JournalEntryCreate: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            description: string;
            lines: {
                /**
                 * @description PGC account code (1–12 digits)
                 * @example 4300
                 * @example 477
                 * @example 4300001
                 */
                account: string;
                /**
                 * @description Non-negative decimal string, at most two decimals
                 * @example 1210.00
                 */
                debit?: string;
                /**
                 * @description Non-negative decimal string, at most two decimals
                 * @example 1210.00
                 */
                credit?: string;
                /** Format: uuid */
                contact_id?: string | null;
                /** Format: uuid */
                tax_type_id?: string | null;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                tax_base?: string | null;
            }[];
        };
        /** @description The reversal date defaults to today (Europe/Madrid); it may not precede the original entry. */
        JournalEntryReverse: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date?: string;
            description?: string;
        };
        AccountCreate: {
            /**
             * @description A sub-account code of 4–12 digits starting with its parent's code
             * @example 4300001
             */
            code: string;
            name: string;
            /**
             * @description PGC account code (1–12 digits)
             * @example 4300
             * @example 477
             * @example 4300001
             */
            parent_code?: string | null;
        };
        AccountResponse: {
            code: string;
            name: string;
            group: number;
            parent_code: string | null;
            /** @description False for group headings, which take no postings */
            is_postable: boolean;
            created_by_tenant: boolean;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            debit: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            credit: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            balance: string;
        };
        /** @description Balance de sumas y saldos: debit and credit sums of the period per account; totals.debit = totals.credit. */
        TrialBalanceResponse: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            from: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            to: string | null;
            level: number | null;
            accounts: {
                account: string;
                name: string | null;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                balance: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit_balance: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit_balance: string;
            }[];
            totals: {
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                balance: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit_balance: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit_balance: string;
            };
        };
        /** @description Libro mayor of an account and its sub-accounts, with a running balance from the opening balance. */
        LedgerAccountStatement: {
            account: string;
            name: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            from: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            to: string | null;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            opening_balance: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            debit: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            credit: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            closing_balance: string;
            items: {
                /** Format: uuid */
                entry_id: string;
                entry_number: number;
                /**
                 * @description YYYY-MM-DD
                 * @example 2026-01-15
                 */
                date: string;
                description: string;
                line_no: number;
                account: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                debit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                credit: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                balance: string;
                /** Format: uuid */
                contact_id: string | null;
                source_type: string;
                /** Format: uuid */
                source_id: string | null;
            }[];
            total: number;
            limit: number;
            offset: number;
        };
        PaginatedResponse_JournalEntryResponse_: {
            items: components["schemas"]["JournalEntryResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description A document with something outstanding */
        OpenItemResponse: {
            /**
             * @description `receivable`: a sales document a customer owes; `payable`: a purchase owed to a supplier
             * @enum {string}
             */
            kind: "receivable" | "payable";
            /** @description The document kind: `invoice` (GET /invoices/{id}), `purchase` (GET /purchases/{id}) */
            document_type: string;
            /** Format: uuid */
            id: string;
            number: string;
            /** @description The number the document is known by (a purchase: the supplier's number) */
            label: string;
            /** Format: uuid */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date: string | null;
            /** @description Signed decimal string with two decimals */
            total: string;
            /** @description Signed decimal string with two decimals */
            paid: string;
            /** @description Signed decimal string with two decimals */
            outstanding: string;
            /** @description `issued` or `partially_paid` */
            status: string;
            /** @description Due date (or issue date without one) before today */
            overdue: boolean;
            /** @description The account the document is owed on (4300, or the purchase's 400/410) */
            account: string;
        };
        PaginatedResponse_OpenItemResponse_: {
            items: components["schemas"]["OpenItemResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        SettlementAllocation: {
            /**
             * Format: uuid
             * @description An issued invoice or a registered purchase
             */
            document_id: string;
            /** @description Positive decimal string, two decimals at most */
            amount: string;
        };
        /** @description One payment (collection, payment to a supplier, or both netted) settling one or several documents */
        SettlementCreate: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /** @description Treasury (57x) or suspense (555x) account, postable; 572 by default */
            account?: string;
            /** @description The documents the payment settles, each with the amount applied to it */
            allocations: components["schemas"]["SettlementAllocation"][];
            /**
             * @description An amount beyond what a document owes stays on the contact's account instead of 409
             * @default false
             */
            allow_overpayment: boolean;
        };
        /** @description The date of the reversing entry */
        SettlementReverse: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
        };
        SettlementResponse: {
            /** Format: uuid */
            id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /** @description Net movement on `account`: positive when money comes in, negative when it goes out */
            amount: string;
            account: string;
            /** Format: uuid */
            journal_entry_id: string;
            reversed: boolean;
            /** Format: date-time */
            reversed_at: string | null;
            /** Format: date-time */
            created_at: string;
            allocations: {
                kind: string;
                /** Format: uuid */
                document_id: string;
                /** @description Amount applied to the document (positive) */
                amount: string;
            }[];
        };
        TaxModelSummary: {
            model: string;
            name: string;
            year: number;
            periodicity: string;
            /** @description The periods of the year up to the current one, oldest first */
            items: {
                year: number;
                /** @description The tax agency's period code: 1T–4T, 01–12, 0A */
                period: string;
                periodicity: string;
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
                /** @description The record design in force for the period (null before the first one the model knows) */
                design: string | null;
                /** @description I ingreso, N sin actividad o resultado cero, C a compensar, D a devolver */
                declaration_type: string;
                /** @description To pay (positive), to compensate or refund (negative) */
                result: string;
                boxes: {
                    /** @description Casilla as printed on the form ("01", "150") */
                    box: string;
                    label: string;
                    /** @description Decimal string: money and percentages with two decimals, counts without */
                    value: string;
                }[];
                /** @description Model-specific detail (the 111's recipients, the 347's counterparties: contacts' names and tax ids); absent when the caller may not read contacts (role or API-key scopes) */
                details?: {
                    [key: string]: unknown;
                };
            }[];
        };
        TreasuryCreate: {
            /**
             * @description `bank` account, `payment_processor` account (Stripe-like) or payment `wallet` (PayPal-like)
             * @enum {string}
             */
            kind: "bank" | "payment_processor" | "wallet";
            name: string;
            /**
             * @description Validated (country, length, check digits); stored in electronic format
             * @example ES9121000418450200051332
             */
            iban?: string | null;
            /** @description Payment processor or wallet provider and account, e.g. "stripe acct_1Nv…" */
            provider?: string | null;
            /**
             * @description ISO 4217; only EUR for now (the books are kept in euros)
             * @default EUR
             */
            currency: string;
            /**
             * @description Posted as an opening entry (572x against 120 Remanente) when not zero
             * @default 0.00
             */
            opening_balance: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            opening_date?: string | null;
            /** @description The company's collection account: its IBAN is printed on invoices for payment. At most one treasury (marking one unmarks the others); it needs an IBAN; archiving unmarks it. */
            collection_account?: boolean;
        };
        /** @description Kind, currency, accounts and the opening balance are fixed once created (the books hold them). */
        TreasuryUpdate: {
            name?: string;
            iban?: string | null;
            provider?: string | null;
            /** @description The company's collection account: its IBAN is printed on invoices for payment. At most one treasury (marking one unmarks the others); it needs an IBAN; archiving unmarks it. */
            collection_account?: boolean;
        };
        TreasuryResponse: {
            /** Format: uuid */
            id: string;
            /**
             * @description `bank` account, `payment_processor` account (Stripe-like) or payment `wallet` (PayPal-like)
             * @enum {string}
             */
            kind: "bank" | "payment_processor" | "wallet";
            name: string;
            iban: string | null;
            provider: string | null;
            currency: string;
            /** @description Its own 572x sub-account (assigned at creation) */
            ledger_account: string;
            /** @description Its 555x sub-account (partidas pendientes de aplicación) where unmatched movements sit */
            suspense_account: string;
            /** @description The 572x balance from the books: opening plus every movement, matched or not */
            balance: string;
            /**
             * @description Signed decimal string with two decimals
             * @example 1210.00
             * @example -35.40
             */
            opening_balance: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            opening_date: string | null;
            /** Format: uuid */
            opening_entry_id: string | null;
            archived: boolean;
            /** Format: date-time */
            archived_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The company's collection account: its IBAN is printed on invoices for payment. At most one treasury (marking one unmarks the others); it needs an IBAN; archiving unmarks it. */
            collection_account?: boolean;
        };
        BankMovementResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            treasury_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /**
             * Format: date
             * @description The same as `date` (fecha operación / booking date)
             */
            booking_date: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            value_date: string | null;
            /**
             * @description Signed decimal string with two decimals
             * @example 1210.00
             * @example -35.40
             */
            amount: string;
            description: string;
            reference: string | null;
            counterparty: string | null;
            counterparty_iban: string | null;
            /**
             * @description `unmatched` (on the suspense account 555x), `matched` to documents, or `categorized` to an account
             * @enum {string}
             */
            status: "unmatched" | "matched" | "categorized";
            /** @description The sales or purchase documents this movement is matched to (all of it or part of it: a partial match leaves the status `unmatched` with its documents listed); empty when none. Set by reconciliation (POST /reconciliation/manual-match, /reconciliation/matches) and cleared by undoing the match */
            matched_document_ids: string[];
            /** Format: uuid */
            import_id: string | null;
            /** Format: date-time */
            created_at: string;
        };
        BankMovementCreate: {
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            value_date?: string | null;
            /** @description Signed and not zero: positive money in, negative money out */
            amount: string;
            description: string;
            reference?: string | null;
            counterparty?: string | null;
            counterparty_iban?: string | null;
        };
        StatementImportResponse: {
            /** Format: uuid */
            import_id: string | null;
            /** @description The importer that read the file: norma43, camt053, csv, … */
            format: string;
            /** @description The account of the file that was imported (IBAN or Norma 43 entidad+oficina+cuenta) */
            account: string | null;
            /** @description Accounts of the file that are not this treasury's (left alone) */
            other_accounts: string[];
            imported: number;
            /** @description Movements already held (same file, or an overlapping period) */
            duplicates: number;
            rejected: number;
            /** @description Lines not imported, with the reason (zero amounts, unreadable CSV rows, amounts in another currency, …) */
            rejected_lines: {
                line: number;
                reason: string;
            }[];
            /** @description Rows whose balance column is not the running balance of the movements (spreadsheets and CSV with a balance column) */
            balance_differences: {
                line: number;
                /** @description The balance the file shows on that row */
                stated: string;
                /** @description The previous row's balance plus this row's amount */
                expected: string;
            }[];
            /** @description The column mapping the file was read with: given with this import, or saved on the treasury by an earlier one */
            mapping: {
                [key: string]: string;
            } | null;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            from: string | null;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            to: string | null;
        };
        PaginatedResponse_TreasuryResponse_: {
            items: components["schemas"]["TreasuryResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        PaginatedResponse_BankMovementResponse_: {
            items: components["schemas"]["BankMovementResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        DashboardCreate: {
            name: string;
            /** @description Inside the 12-column grid, none overlapping (422 otherwise) */
            widgets?: {
                /**
                 * Format: uuid
                 * @description Kept when given (an edit); assigned otherwise
                 */
                id?: string;
                /** @description A type of GET /dashboard/widget-types */
                type: string;
                /** @description The widget type's parameters (its data endpoint's query); defaults apply to the missing ones */
                params?: {
                    [key: string]: unknown;
                };
                /** @description Column of the left edge, 0–11 */
                x: number;
                /** @description Row of the top edge */
                y: number;
                /** @description Width in columns; x + w ≤ 12 */
                w: number;
                /** @description Height in rows */
                h: number;
            }[];
            /** @description Make it the calling user's default board */
            is_default?: boolean;
        };
        DashboardUpdate: {
            name?: string;
            /** @description Replaces the widgets: inside the grid, none overlapping */
            widgets?: {
                /**
                 * Format: uuid
                 * @description Kept when given (an edit); assigned otherwise
                 */
                id?: string;
                /** @description A type of GET /dashboard/widget-types */
                type: string;
                /** @description The widget type's parameters (its data endpoint's query); defaults apply to the missing ones */
                params?: {
                    [key: string]: unknown;
                };
                /** @description Column of the left edge, 0–11 */
                x: number;
                /** @description Row of the top edge */
                y: number;
                /** @description Width in columns; x + w ≤ 12 */
                w: number;
                /** @description Height in rows */
                h: number;
            }[];
            /** @description true: the calling user's default board; false: no longer their default */
            is_default?: boolean;
        };
        DashboardOut: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Whether it is the calling user's default board */
            is_default: boolean;
            /** @description Grid width (12) */
            columns: number;
            widgets: {
                /** Format: uuid */
                id: string;
                type: string;
                params: {
                    [key: string]: unknown;
                };
                x: number;
                y: number;
                w: number;
                h: number;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        DashboardListItem: {
            /** Format: uuid */
            id: string;
            name: string;
            is_default: boolean;
            widget_count: number;
            /** Format: date-time */
            updated_at: string;
        };
        CatalogResponse: {
            columns: number;
            items: {
                type: string;
                title: string;
                description: string;
                default_size: {
                    w: number;
                    h: number;
                };
                /** @description JSON Schema of each parameter (type, default, enum, limits) */
                params: {
                    [key: string]: unknown;
                };
                /** @description GET endpoint answering the widget's data */
                data_endpoint: string;
                /** @description Part of the recommended template (append-recommended) */
                recommended: boolean;
            }[];
        };
        WidgetDataRequest: {
            /** @description A type of GET /dashboard/widget-types */
            type: string;
            /** @description The widget type's parameters (its data endpoint's query); defaults apply to the missing ones */
            params?: {
                [key: string]: unknown;
            };
        };
        DocumentSendRequest: {
            /** @description Recipients; the customer's email when omitted (422 when neither) */
            to?: string[];
            /** @description Copied recipients */
            cc?: string[];
            /** @description Defaults to the kind's subject, with the document's number */
            subject?: string;
            /** @description The mail's text; a short default with the number otherwise */
            message?: string;
            /** @description Formats to attach (`pdf`, the default); an unknown one is 422 */
            attach?: string[];
        };
        DocumentSendingResponse: {
            /** Format: uuid */
            id: string;
            document_type: string;
            /** Format: uuid */
            document_id: string;
            number: string | null;
            to: string[];
            cc: string[];
            subject: string;
            /** @description The formats attached */
            attachments: string[];
            /** Format: uuid */
            sent_by: string | null;
            /** Format: date-time */
            sent_at: string;
        };
        DocumentSendingList: {
            items: components["schemas"]["DocumentSendingResponse"][];
            total: number;
        };
        InvoiceLine: {
            description: string;
            /**
             * @description Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)
             * @example 1
             * @example 2.5
             */
            quantity: string;
            /**
             * @description Price per unit without tax: decimal string, up to 6 decimals
             * @example 1000.00
             * @example 0.125
             */
            unit_price: string;
            /**
             * @description Discount in percent (0–100, two decimals at most), applied to quantity × unit price
             * @example 10
             */
            discount_pct?: string;
            /**
             * Format: uuid
             * @description A VAT tax type usable on sales (kind `vat`)
             */
            tax_type_id: string;
            /**
             * Format: uuid
             * @description Recargo de equivalencia (kind `surcharge`), with a domestic VAT type
             */
            surcharge_type_id?: string | null;
            /**
             * Format: uuid
             * @description IRPF withheld by the customer (kind `withholding`)
             */
            withholding_type_id?: string | null;
            /** @enum {string} */
            nature?: "goods" | "services";
            /** @description Override of the revenue account (a postable PGC group-7 account) */
            revenue_account?: string | null;
        };
        InvoiceCreate: {
            /**
             * Format: uuid
             * @description A customer (kind customer, or flagged customer_and_supplier)
             */
            contact_id: string;
            /**
             * @description Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.
             * @example F
             * @example FA
             * @example T2
             */
            series?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date?: string | null;
            notes?: string | null;
            lines: components["schemas"]["InvoiceLine"][];
            /** @enum {string} */
            status?: "draft" | "issued";
        };
        /** @description Drafts only (an issued invoice is 409): any InvoiceCreate field but status; at least one. */
        InvoiceUpdate: {
            /** Format: uuid */
            contact_id?: string;
            /**
             * @description Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.
             * @example F
             * @example FA
             * @example T2
             */
            series?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date?: string | null;
            notes?: string | null;
            /** @description Replaces every line */
            lines?: components["schemas"]["InvoiceLine"][];
        };
        /** @description Issues a rectifying invoice in series R referencing the original (art. 15 RD 1619/2012). */
        RectifyRequest: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /** @description Why the invoice is rectified (printed on the rectifying invoice) */
            reason: string;
            /** @enum {string} */
            mode: "differences" | "substitution";
            /** @enum {string} */
            legal_ground?: "error" | "insolvency" | "bad_debt" | "other";
            /** @description differences: the corrective lines (required); substitution: the full corrected lines (none = cancel) */
            lines?: components["schemas"]["InvoiceLine"][];
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            notes?: string | null;
        };
        /** @description Records a collection: Dr treasury / Cr 4300, and moves the status to partially_paid or paid. */
        InvoicePaymentRequest: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /** @description Positive amount collected (or refunded, for a negative invoice), at most the amount due */
            amount: string;
            /** @description Treasury account (PGC 57x, postable); 572 by default */
            account?: string;
        };
        InvoiceResponse: {
            /** Format: uuid */
            id: string;
            series: string;
            /** @description Null while draft; "F-2026-000123" (series-year-6 digits) once issued */
            number: string | null;
            /**
             * @description `draft` (editable, no number) → `issued` (numbered, posted, immutable) → `partially_paid` → `paid`; `rectified` once fully rectified
             * @enum {string}
             */
            status: "draft" | "issued" | "partially_paid" | "paid" | "rectified";
            /** Format: uuid */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date: string | null;
            notes: string | null;
            /** @description Σ line bases */
            subtotal: string;
            /** @description Σ VAT + recargo de equivalencia charged on the document */
            tax_total: string;
            /** @description The recargo de equivalencia part of tax_total */
            surcharge_total: string;
            /** @description Σ IRPF withheld */
            withholding_total: string;
            /** @description subtotal + tax_total − withholding_total */
            total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            amount_paid: string;
            /** @description total − amount_paid (0.00 for an invoice replaced by substitution) */
            amount_due: string;
            tax_breakdown: {
                /** Format: uuid */
                tax_type_id: string;
                code: string;
                name: string;
                /** @enum {string} */
                kind: "vat" | "surcharge" | "withholding";
                regime: string;
                /** @description Percentage with two decimals ("21.00") */
                rate: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                base: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                /** @description Purchases: reverse-charge VAT self-assessed by the company (Dr 472 / Cr 477), not paid to the supplier */
                self_assessed?: boolean;
                /** @description Purchases: false when the VAT is not deductible (recargo de equivalencia borne by the company) */
                deductible?: boolean;
            }[];
            /** @description Mandatory mentions (exemptions art. 20/21/25 LIVA, "Inversión del sujeto pasivo", …) */
            legends: string[];
            /** Format: uuid */
            rectifies_id: string | null;
            /** @enum {string|null} */
            rectification_mode: "differences" | "substitution" | null;
            rectification_reason: string | null;
            /**
             * Format: uuid
             * @description The ledger entry posted at issue (null for drafts and for documents whose amounts are all zero)
             */
            journal_entry_id: string | null;
            /** Format: date-time */
            issued_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            lines: {
                line_no: number;
                description: string;
                quantity: string;
                unit_price: string;
                /** @description Percentage with two decimals ("21.00") */
                discount_pct: string;
                /** Format: uuid */
                tax_type_id: string;
                /** @description Percentage with two decimals ("21.00") */
                tax_rate: string;
                /** Format: uuid */
                surcharge_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                surcharge_rate: string | null;
                /** Format: uuid */
                withholding_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                withholding_rate: string | null;
                /** @description quantity × unit price − discount, rounded half away from zero to the cent */
                base: string;
                /** @description The line's share of its VAT type's amount (VAT is computed per type on the summed bases, then allocated to lines so that they add up exactly) */
                tax_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                surcharge_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                withholding_amount: string;
                /** @enum {string} */
                nature: "goods" | "services";
                /** @description Override given on the line, if any */
                revenue_account: string | null;
            }[];
            /** @description The party as printed on the issued document (frozen at issue) */
            customer: {
                name: string;
                legal_name: string | null;
                tax_id: string | null;
                address: string | null;
                city: string | null;
                postal_code: string | null;
                province: string | null;
                country: string;
                customer_type?: string;
            } | null;
            /** @description The party as printed on the issued document (frozen at issue) */
            issuer: {
                name: string;
                legal_name: string | null;
                tax_id: string | null;
                address: string | null;
                city: string | null;
                postal_code: string | null;
                province: string | null;
                country: string;
                customer_type?: string;
            } | null;
            /**
             * @description A rectifying invoice's legal ground (see RectifyRequest.legal_ground); null otherwise
             * @enum {string|null}
             */
            rectification_ground: "error" | "insolvency" | "bad_debt" | "other" | null;
            /** @description Registered as simplified (F2) in the VAT books and VERI*FACTU; false for a draft (not registered yet) */
            simplified?: boolean;
            /**
             * @description `simplified_invoice`: a simplified invoice (art. 4 RD 1619/2012: up to 400.00 € VAT included, or rectifying) for a business customer whose tax number or address is missing; `recipient_without_tax_id`: an operation in Spain whose recipient has no tax number (art. 6.1.d), e.g. a private person. Null when not simplified.
             * @enum {string|null}
             */
            simplified_reason?: "simplified_invoice" | "recipient_without_tax_id" | null;
            /** @description The latest time the document was sent by email (POST …/send) and to whom; null when never */
            last_sent?: {
                /** Format: date-time */
                sent_at: string;
                to: string[];
            } | null;
            /** @description The invoice's latest VERI*FACTU registration record: its hash, the previous record's hash and the QR URL; null for a draft */
            verifactu?: {
                /** @description SHA-256, 64 upper-case hex characters */
                hash: string;
                /** @description The previous record's hash; empty for the first record of the chain */
                previous_hash: string;
                /** @description The AEAT validation URL the invoice's QR code encodes */
                qr_url: string;
            } | null;
        };
        PaginatedResponse_InvoiceResponse_: {
            items: components["schemas"]["InvoiceResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        MfaStatusResponse: {
            enabled: boolean;
            /** @description A setup is waiting for activation */
            pending: boolean;
            recovery_codes_remaining: number;
        };
        MfaSetupResponse: {
            /** @description Base32 TOTP secret (SHA-1, 6 digits, 30 s) */
            secret: string;
            /** @description otpauth://totp/… for authenticator apps (QR code) */
            provisioning_uri: string;
        };
        MfaActivateRequest: {
            /** @description A current 6-digit code from the authenticator */
            code: string;
        };
        MfaActivateResponse: {
            /** @constant */
            enabled: true;
            /** @description Shown only here; each works once */
            recovery_codes: string[];
        };
        /** @description The current password, or a current TOTP or recovery code (one of them) */
        MfaDisableRequest: {
            password?: string;
            /** @description 6-digit TOTP code or a recovery code (xxxxx-xxxxx) */
            code?: string;
        };
        PaymentReminderSettings: {
            enabled: boolean;
            /** @description Days after the due date for each reminder, increasing: reminder n goes once the invoice is that many days overdue */
            days: number[];
            /** @description A paragraph added to every reminder */
            message: string | null;
        };
        PaymentReminderSettingsUpdate: {
            enabled: boolean;
            /** @description Days after the due date for each reminder, increasing: reminder n goes once the invoice is that many days overdue */
            days?: number[];
            /** @description A paragraph added to every reminder */
            message?: string | null;
        };
        PaymentReminderResponse: {
            /** Format: uuid */
            id: string;
            document_type: string;
            /** Format: uuid */
            document_id: string;
            number: string;
            /** @description 1 for the first reminder of the document, 2 for the second… */
            reminder: number;
            /** @enum {string} */
            status: "sent" | "skipped";
            /** @description Why a skipped reminder was not sent */
            reason: string | null;
            recipient: string | null;
            /** Format: date */
            due_date: string;
            days_overdue: number;
            /** @description What was owed when the reminder went */
            outstanding: string;
            /** Format: date-time */
            created_at: string;
        };
        PaginatedResponse_PaymentReminderResponse_: {
            items: components["schemas"]["PaymentReminderResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        ProformaLine: {
            description: string;
            /** @enum {string} */
            nature?: "goods" | "services";
            /**
             * @description Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)
             * @example 1
             * @example 2.5
             */
            quantity: string;
            /**
             * @description Price per unit without tax: decimal string, up to 6 decimals
             * @example 1000.00
             * @example 0.125
             */
            unit_price: string;
            /**
             * @description Discount in percent (0–100, two decimals at most), applied to quantity × unit price
             * @example 10
             */
            discount_pct?: string;
            /**
             * Format: uuid
             * @description A VAT tax type usable on sales (kind `vat`)
             */
            tax_type_id: string;
            /**
             * Format: uuid
             * @description Recargo de equivalencia (kind `surcharge`), with a domestic VAT type
             */
            surcharge_type_id?: string | null;
            /**
             * Format: uuid
             * @description IRPF withheld by the customer (kind `withholding`)
             */
            withholding_type_id?: string | null;
        };
        /** @description Numbered at once in series PF (PF-2026-000001); saved as a draft */
        ProformaCreate: {
            /**
             * Format: uuid
             * @description A customer (kind customer, or flagged customer_and_supplier)
             */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description Last day the offer holds (not before issue_date); 30 days after issue_date when left out
             * @example 2026-01-15
             */
            valid_until?: string;
            notes?: string | null;
            lines: components["schemas"]["ProformaLine"][];
        };
        /** @description Drafts only (409 once sent); at least one field */
        ProformaUpdate: {
            /** Format: uuid */
            contact_id?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            valid_until?: string;
            notes?: string | null;
            /** @description Replaces every line */
            lines?: components["schemas"]["ProformaLine"][];
        };
        ProformaResponse: {
            /** Format: uuid */
            id: string;
            series: string;
            /** @description PF-2026-000001: series, year of the issue date, six digits */
            number: string;
            /**
             * @description `draft` (editable) → `sent` → `accepted` | `rejected`; a sent one whose valid_until has passed reads as `expired`
             * @enum {string}
             */
            status: "draft" | "sent" | "accepted" | "rejected" | "expired";
            /** Format: uuid */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            valid_until: string;
            notes: string | null;
            /** @description Σ line bases */
            subtotal: string;
            /** @description Σ VAT + recargo de equivalencia */
            tax_total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            surcharge_total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            withholding_total: string;
            /** @description subtotal + tax_total − withholding_total */
            total: string;
            tax_breakdown: {
                /** Format: uuid */
                tax_type_id: string;
                code: string;
                name: string;
                /** @enum {string} */
                kind: "vat" | "surcharge" | "withholding";
                regime: string;
                /** @description Percentage with two decimals ("21.00") */
                rate: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                base: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                /** @description Purchases: reverse-charge VAT self-assessed by the company (Dr 472 / Cr 477), not paid to the supplier */
                self_assessed?: boolean;
                /** @description Purchases: false when the VAT is not deductible (recargo de equivalencia borne by the company) */
                deductible?: boolean;
            }[];
            lines: {
                line_no: number;
                description: string;
                quantity: string;
                unit_price: string;
                /** @description Percentage with two decimals ("21.00") */
                discount_pct: string;
                /** Format: uuid */
                tax_type_id: string;
                /** @description Percentage with two decimals ("21.00") */
                tax_rate: string;
                /** Format: uuid */
                surcharge_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                surcharge_rate: string | null;
                /** Format: uuid */
                withholding_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                withholding_rate: string | null;
                /** @description quantity × unit price − discount, rounded half away from zero to the cent */
                base: string;
                /** @description The line's share of its VAT type's amount (VAT is computed per type on the summed bases, then allocated to lines so that they add up exactly) */
                tax_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                surcharge_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                withholding_amount: string;
                /** @enum {string} */
                nature: "goods" | "services";
            }[];
            /**
             * Format: uuid
             * @description The draft invoice it was converted into
             */
            invoice_id: string | null;
            /** Format: date-time */
            sent_at: string | null;
            /**
             * Format: date-time
             * @description When it was accepted (or converted) or rejected
             */
            decided_at: string | null;
            /** Format: date-time */
            converted_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginatedResponse_ProformaResponse_: {
            items: components["schemas"]["ProformaResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        PurchaseLine: {
            description: string;
            /**
             * @description Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)
             * @example 1
             * @example 2.5
             */
            quantity?: string;
            /**
             * @description Price per unit without tax: decimal string, up to 6 decimals
             * @example 1000.00
             * @example 0.125
             */
            unit_price: string;
            /**
             * @description Discount in percent (0–100, two decimals at most), applied to quantity × unit price
             * @example 10
             */
            discount_pct?: string;
            /**
             * Format: uuid
             * @description A VAT tax type usable on purchases (kind `vat`): domestic, intra-EU acquisition, reverse charge, import, exempt…
             */
            tax_type_id: string;
            /**
             * Format: uuid
             * @description Recargo de equivalencia charged to the company (retailer): neither it nor the VAT is deductible; both go into the expense
             */
            surcharge_type_id?: string | null;
            /**
             * Format: uuid
             * @description IRPF the company withholds from the supplier (4751, modelo 111/115)
             */
            withholding_type_id?: string | null;
            /** @description PGC expense account (group 6, postable; e.g. 600, 623, 629); a capital good may name its asset account (group 2, e.g. 217). Default: the account last used with this supplier, else 629. */
            expense_account?: string | null;
            /** @description Bien de inversión: its deductible VAT goes to 303 boxes 30/31 (38/39 intra-EU, 34/35 imports), posted on 4729 */
            capital_good?: boolean;
        };
        PurchaseCreate: {
            /**
             * Format: uuid
             * @description A supplier (kind supplier, or flagged customer_and_supplier)
             */
            contact_id: string;
            /**
             * @description `invoice`: a supplier invoice with its number (the same supplier and number twice is 409); `expense`: a ticket or simplified invoice
             * @enum {string}
             */
            kind: "invoice" | "expense";
            /** @description The supplier's invoice number (series included), as printed */
            supplier_invoice_number?: string | null;
            /** @description The supplier's invoice date (YYYY-MM-DD) */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date?: string | null;
            notes?: string | null;
            lines: components["schemas"]["PurchaseLine"][];
            /** @enum {string} */
            status?: "draft" | "issued";
        };
        /** @description Drafts only (a registered purchase is 409): any PurchaseCreate field but status; at least one. */
        PurchaseUpdate: {
            /** Format: uuid */
            contact_id?: string;
            /**
             * @description `invoice`: a supplier invoice with its number (the same supplier and number twice is 409); `expense`: a ticket or simplified invoice
             * @enum {string}
             */
            kind?: "invoice" | "expense";
            /** @description The supplier's invoice number (series included), as printed */
            supplier_invoice_number?: string | null;
            /** @description The supplier's invoice date (YYYY-MM-DD) */
            issue_date?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date?: string | null;
            notes?: string | null;
            /** @description Replaces every line */
            lines?: components["schemas"]["PurchaseLine"][];
        };
        /** @description Registers the supplier's rectifying invoice for a registered purchase: `differences` (its corrections) or `substitution` (the full corrected document; none = cancellation). */
        PurchaseRectifyRequest: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            reason: string;
            /** @enum {string} */
            mode: "differences" | "substitution";
            /** @description The supplier's invoice number (series included), as printed */
            supplier_invoice_number?: string | null;
            lines?: components["schemas"]["PurchaseLine"][];
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date?: string | null;
            notes?: string | null;
        };
        /** @description Records a payment: Dr 4000/4100 / Cr treasury. */
        PurchasePaymentRequest: {
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            date: string;
            /** @description Positive amount paid (or refunded by the supplier, for a negative document) */
            amount: string;
            /** @description Treasury account (PGC 57x, postable); 572 by default */
            account?: string;
        };
        /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
        PurchaseResponse: {
            /** Format: uuid */
            id: string;
            series: string;
            /** @description Null while draft; "F-2026-000123" (series-year-6 digits) once issued */
            number: string | null;
            /**
             * @description `draft` (editable, no number) → `issued` (numbered, posted, immutable) → `partially_paid` → `paid`; `rectified` once fully rectified
             * @enum {string}
             */
            status: "draft" | "issued" | "partially_paid" | "paid" | "rectified";
            /** Format: uuid */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            due_date: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            operation_date: string | null;
            notes: string | null;
            /** @description Σ line bases */
            subtotal: string;
            /** @description Σ VAT + recargo de equivalencia charged on the document */
            tax_total: string;
            /** @description The recargo de equivalencia part of tax_total */
            surcharge_total: string;
            /** @description Σ IRPF withheld */
            withholding_total: string;
            /** @description subtotal + tax_total − withholding_total */
            total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            amount_paid: string;
            /** @description total − amount_paid (0.00 for an invoice replaced by substitution) */
            amount_due: string;
            tax_breakdown: {
                /** Format: uuid */
                tax_type_id: string;
                code: string;
                name: string;
                /** @enum {string} */
                kind: "vat" | "surcharge" | "withholding";
                regime: string;
                /** @description Percentage with two decimals ("21.00") */
                rate: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                base: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                /** @description Purchases: reverse-charge VAT self-assessed by the company (Dr 472 / Cr 477), not paid to the supplier */
                self_assessed?: boolean;
                /** @description Purchases: false when the VAT is not deductible (recargo de equivalencia borne by the company) */
                deductible?: boolean;
            }[];
            /** @description Mandatory mentions (exemptions art. 20/21/25 LIVA, "Inversión del sujeto pasivo", …) */
            legends: string[];
            /** Format: uuid */
            rectifies_id: string | null;
            /** @enum {string|null} */
            rectification_mode: "differences" | "substitution" | null;
            rectification_reason: string | null;
            /**
             * Format: uuid
             * @description The ledger entry posted at issue (null for drafts and for documents whose amounts are all zero)
             */
            journal_entry_id: string | null;
            /** Format: date-time */
            issued_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description `invoice`: a supplier invoice with its number (the same supplier and number twice is 409); `expense`: a ticket or simplified invoice
             * @enum {string}
             */
            kind: "invoice" | "expense";
            supplier_invoice_number: string | null;
            /** @enum {string} */
            source: "manual" | "ocr";
            file_sha256: string | null;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            self_assessed_total: string;
            /** @description The account the supplier is owed on: 4000 (goods, 60x) or 4100 (services and everything else) */
            payable_account: string | null;
            lines: {
                line_no: number;
                description: string;
                quantity: string;
                unit_price: string;
                /** @description Percentage with two decimals ("21.00") */
                discount_pct: string;
                /** Format: uuid */
                tax_type_id: string;
                /** @description Percentage with two decimals ("21.00") */
                tax_rate: string;
                /** Format: uuid */
                surcharge_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                surcharge_rate: string | null;
                /** Format: uuid */
                withholding_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                withholding_rate: string | null;
                /** @description quantity × unit price − discount, rounded half away from zero to the cent */
                base: string;
                /** @description The line's share of its VAT type's amount (VAT is computed per type on the summed bases, then allocated to lines so that they add up exactly) */
                tax_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                surcharge_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                withholding_amount: string;
                expense_account: string;
                capital_good: boolean;
                /** @description Reverse charge (intra-EU acquisition, ISP): the VAT the company self-assesses (Dr 472 / Cr 477); not part of the total */
                self_assessed_amount: string;
                /** @description False when the VAT goes into the expense (recargo de equivalencia borne by the company) */
                deductible: boolean;
            }[];
            /** @description The party as printed on the issued document (frozen at issue) */
            supplier: {
                name: string;
                legal_name: string | null;
                tax_id: string | null;
                address: string | null;
                city: string | null;
                postal_code: string | null;
                province: string | null;
                country: string;
                customer_type?: string;
            } | null;
        };
        PaginatedResponse_PurchaseResponse_: {
            items: components["schemas"]["PurchaseResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        QuoteLine: {
            description: string;
            /** @enum {string} */
            nature?: "goods" | "services";
            /**
             * @description Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)
             * @example 1
             * @example 2.5
             */
            quantity: string;
            /**
             * @description Price per unit without tax: decimal string, up to 6 decimals
             * @example 1000.00
             * @example 0.125
             */
            unit_price: string;
            /**
             * @description Discount in percent (0–100, two decimals at most), applied to quantity × unit price
             * @example 10
             */
            discount_pct?: string;
            /**
             * Format: uuid
             * @description A VAT tax type usable on sales (kind `vat`)
             */
            tax_type_id: string;
            /**
             * Format: uuid
             * @description Recargo de equivalencia (kind `surcharge`), with a domestic VAT type
             */
            surcharge_type_id?: string | null;
            /**
             * Format: uuid
             * @description IRPF withheld by the customer (kind `withholding`)
             */
            withholding_type_id?: string | null;
        };
        /** @description Numbered at once in series P (P-2026-000001); saved as a draft */
        QuoteCreate: {
            /**
             * Format: uuid
             * @description A customer (kind customer, or flagged customer_and_supplier)
             */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description Last day the offer holds (not before issue_date); 30 days after issue_date when left out
             * @example 2026-01-15
             */
            valid_until?: string;
            notes?: string | null;
            lines: components["schemas"]["QuoteLine"][];
        };
        /** @description Drafts only (409 once sent); at least one field */
        QuoteUpdate: {
            /** Format: uuid */
            contact_id?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            valid_until?: string;
            notes?: string | null;
            /** @description Replaces every line */
            lines?: components["schemas"]["QuoteLine"][];
        };
        QuoteResponse: {
            /** Format: uuid */
            id: string;
            series: string;
            /** @description P-2026-000001: series, year of the issue date, six digits */
            number: string;
            /**
             * @description `draft` (editable) → `sent` → `accepted` | `rejected`; a sent one whose valid_until has passed reads as `expired`
             * @enum {string}
             */
            status: "draft" | "sent" | "accepted" | "rejected" | "expired";
            /** Format: uuid */
            contact_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            valid_until: string;
            notes: string | null;
            /** @description Σ line bases */
            subtotal: string;
            /** @description Σ VAT + recargo de equivalencia */
            tax_total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            surcharge_total: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            withholding_total: string;
            /** @description subtotal + tax_total − withholding_total */
            total: string;
            tax_breakdown: {
                /** Format: uuid */
                tax_type_id: string;
                code: string;
                name: string;
                /** @enum {string} */
                kind: "vat" | "surcharge" | "withholding";
                regime: string;
                /** @description Percentage with two decimals ("21.00") */
                rate: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                base: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                /** @description Purchases: reverse-charge VAT self-assessed by the company (Dr 472 / Cr 477), not paid to the supplier */
                self_assessed?: boolean;
                /** @description Purchases: false when the VAT is not deductible (recargo de equivalencia borne by the company) */
                deductible?: boolean;
            }[];
            lines: {
                line_no: number;
                description: string;
                quantity: string;
                unit_price: string;
                /** @description Percentage with two decimals ("21.00") */
                discount_pct: string;
                /** Format: uuid */
                tax_type_id: string;
                /** @description Percentage with two decimals ("21.00") */
                tax_rate: string;
                /** Format: uuid */
                surcharge_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                surcharge_rate: string | null;
                /** Format: uuid */
                withholding_type_id: string | null;
                /** @description Percentage with two decimals ("21.00") */
                withholding_rate: string | null;
                /** @description quantity × unit price − discount, rounded half away from zero to the cent */
                base: string;
                /** @description The line's share of its VAT type's amount (VAT is computed per type on the summed bases, then allocated to lines so that they add up exactly) */
                tax_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                surcharge_amount: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                withholding_amount: string;
                /** @enum {string} */
                nature: "goods" | "services";
            }[];
            /**
             * Format: uuid
             * @description The draft invoice it was converted into
             */
            invoice_id: string | null;
            /** Format: date-time */
            sent_at: string | null;
            /**
             * Format: date-time
             * @description When it was accepted (or converted) or rejected
             */
            decided_at: string | null;
            /** Format: date-time */
            converted_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginatedResponse_QuoteResponse_: {
            items: components["schemas"]["QuoteResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        ManualMatchRequest: {
            /** Format: uuid */
            movement_id: string;
            /**
             * Format: uuid
             * @description A sales or purchase document with something due
             */
            document_id: string;
            /**
             * @description Part of the movement to apply (default: all that is left of it). Several calls split one movement over several documents
             * @example 1210.00
             */
            amount?: string;
            /**
             * @description Accept an amount above what the document owes (otherwise 409)
             * @default false
             */
            allow_overpayment: boolean;
            /**
             * @description A bank fee the bank kept from this payment: the document is settled for the movement's amount plus the fee (money in; minus the fee for money out, where the bank charged it on top), and the fee goes from the suspense account 555x to 626 Servicios bancarios in the same match (undone with it). Less than the amount the movement applies. The board proposes it (`fee_amount` of a candidate) when a payment is short of what is due by a fee-like gap
             * @example 1210.00
             */
            fee_amount?: string;
        };
        MatchCreate: {
            /** Format: uuid */
            movement_id: string;
            /** @description The documents the movement pays (a board candidate's `documents`); without amounts each takes what it owes until the movement is used up */
            allocations: {
                /** Format: uuid */
                document_id: string;
                /**
                 * @description Positive decimal string with up to two decimals
                 * @example 1210.00
                 */
                amount?: string;
            }[];
            /** @default false */
            allow_overpayment: boolean;
            /**
             * @description A bank fee the bank kept from this payment: the document is settled for the movement's amount plus the fee (money in; minus the fee for money out, where the bank charged it on top), and the fee goes from the suspense account 555x to 626 Servicios bancarios in the same match (undone with it). Less than the amount the movement applies. The board proposes it (`fee_amount` of a candidate) when a payment is short of what is due by a fee-like gap. With several documents, the last one listed bears it
             * @example 1210.00
             */
            fee_amount?: string;
            /** @description 0–1: how sure the board is */
            score?: number;
        };
        CategorizeRequest: {
            /** Format: uuid */
            movement_id: string;
            /** @description A postable account of the chart (626 bank fees, 4750 VAT, 476 social security, 640 salaries…); not a treasury (57x) or 555 account */
            account: string;
            description?: string;
            /**
             * @description True when accepting a board proposal (recorded as method `suggestion`)
             * @default false
             */
            suggested: boolean;
        };
        MatchResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            movement_id: string;
            /** Format: uuid */
            treasury_id: string;
            /**
             * @description `documents` settled, or the movement categorised to `account`
             * @enum {string}
             */
            target: "documents" | "category";
            /**
             * @description How the match was made: `manual` (a person picked the document or account), `suggestion` (a board proposal accepted), `auto` (auto-matching, unambiguous and above the company's threshold), `rule` (auto-categorised by a category the company taught)
             * @enum {string}
             */
            method: "manual" | "rule" | "suggestion" | "auto";
            /** Format: date */
            date: string;
            /** @description Of the movement, applied by this match (positive) */
            amount: string;
            document_ids: string[];
            settlement_ids: string[];
            account: string | null;
            /**
             * Format: uuid
             * @description The settlement or categorisation entry (555x to the document's or category's account)
             */
            journal_entry_id: string;
            /** @description The bank fee recorded with the match (626), or null */
            fee_amount: string | null;
            /**
             * Format: uuid
             * @description The entry moving the fee from 555x to 626, or null
             */
            fee_entry_id: string | null;
            score: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            undone_at: string | null;
            /** Format: uuid */
            undo_entry_id: string | null;
        };
        ReconciliationBoard: {
            items: {
                /** @description The movement as GET /bank-movements/{id} has it (the board's fields) */
                movement: {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    treasury_id: string;
                    /** Format: date */
                    date: string;
                    /** Format: date */
                    value_date: string | null;
                    /** @description Signed: positive money in, negative money out */
                    amount: string;
                    description: string;
                    reference: string | null;
                    counterparty: string | null;
                    counterparty_iban: string | null;
                    status: string;
                    /** @description Documents part of it is already matched to */
                    matched_document_ids: string[];
                };
                /** @description What of the movement is not matched yet (positive) */
                remaining: string;
                /** @description Two candidates too close to tell apart: nothing is proposed nor auto-matched */
                ambiguous: boolean;
                proposal: {
                    /** @description 0–1: how sure the board is */
                    score: number;
                    documents: {
                        /** Format: uuid */
                        document_id: string;
                        /** @enum {string} */
                        kind: "receivable" | "payable";
                        number: string;
                        /** Format: uuid */
                        contact_id: string;
                        outstanding: string;
                        /** @description What the movement would apply to it */
                        amount: string;
                    }[];
                    /** @description Money in short of what is due by a fee-like gap (at most 3.5 % or 15 €): the fee to record with the match (send it as `fee_amount` when accepting); null otherwise */
                    fee_amount: string | null;
                    reasons: {
                        /** @enum {string} */
                        kind: "exact_amount" | "near_amount" | "fee_deducted" | "partial_amount" | "grouped" | "name" | "iban" | "learned" | "reference" | "date" | "rule";
                        detail: string;
                    }[];
                } | null;
                /** @description Best first, at most 5 */
                candidates: {
                    /** @description 0–1: how sure the board is */
                    score: number;
                    documents: {
                        /** Format: uuid */
                        document_id: string;
                        /** @enum {string} */
                        kind: "receivable" | "payable";
                        number: string;
                        /** Format: uuid */
                        contact_id: string;
                        outstanding: string;
                        /** @description What the movement would apply to it */
                        amount: string;
                    }[];
                    /** @description Money in short of what is due by a fee-like gap (at most 3.5 % or 15 €): the fee to record with the match (send it as `fee_amount` when accepting); null otherwise */
                    fee_amount: string | null;
                    reasons: {
                        /** @enum {string} */
                        kind: "exact_amount" | "near_amount" | "fee_deducted" | "partial_amount" | "grouped" | "name" | "iban" | "learned" | "reference" | "date" | "rule";
                        detail: string;
                    }[];
                }[];
                /** @description For a movement that pays no document: accounts to send it to, best first */
                categories: {
                    account: string;
                    name: string;
                    /** @description 0–1: how sure the board is */
                    score: number;
                    reasons: {
                        /** @enum {string} */
                        kind: "exact_amount" | "near_amount" | "fee_deducted" | "partial_amount" | "grouped" | "name" | "iban" | "learned" | "reference" | "date" | "rule";
                        detail: string;
                    }[];
                }[];
            }[];
            /** @description Unmatched movements in the filter */
            total: number;
            limit: number;
            offset: number;
        };
        ReconciliationSettings: {
            /** @description Off by default */
            auto_match: boolean;
            /** @description Lowest score auto-matching accepts (0.5–1) */
            auto_match_threshold: string;
        };
        ReconciliationSettingsUpdate: {
            auto_match?: boolean;
            auto_match_threshold?: number;
        };
        AutoMatchResponse: {
            considered: number;
            matched: number;
            categorized: number;
        };
        PaginatedResponse_MatchResponse_: {
            items: components["schemas"]["MatchResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description A template of invoices made every period by the background job */
        RecurringInvoiceCreate: {
            /**
             * Format: uuid
             * @description A customer (kind customer, or flagged customer_and_supplier)
             */
            contact_id: string;
            /**
             * @description Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.
             * @example F
             * @example FA
             * @example T2
             */
            series?: string;
            /**
             * @description `monthly`: every `interval_months` months; `yearly`: once a year
             * @default monthly
             * @enum {string}
             */
            frequency: "monthly" | "yearly";
            /**
             * @description With `monthly`: every how many months (1 to 12)
             * @default 1
             */
            interval_months: number;
            /**
             * @description The first period's month (a day of month before this date starts the month after)
             * @example 2026-01-15
             */
            start_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            end_date?: string | null;
            /** @description The day each invoice is dated; a shorter month takes its last day (31 → 28 or 29 February). Defaults to the start date's day. */
            day_of_month?: number;
            /**
             * @description `issue`: each invoice is issued (numbered, posted); `draft`: left as a draft to review and issue
             * @default issue
             * @enum {string}
             */
            action: "issue" | "draft";
            /**
             * @description Send each issued invoice to the customer by email (done by the document-sending plugin when installed)
             * @default false
             */
            send: boolean;
            /** @description Each invoice is due this many days after its date; null: no due date */
            due_days?: number | null;
            notes?: string | null;
            /** @description The lines of each invoice, as in InvoiceCreate */
            lines: components["schemas"]["InvoiceLine"][];
        };
        /** @description Any create field, at least one. Only periods not made yet change: invoices already made stay as they are. */
        RecurringInvoiceUpdate: {
            /** Format: uuid */
            contact_id?: string;
            /**
             * @description Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.
             * @example F
             * @example FA
             * @example T2
             */
            series?: string;
            /**
             * @description `monthly`: every `interval_months` months; `yearly`: once a year
             * @enum {string}
             */
            frequency?: "monthly" | "yearly";
            /** @description With `monthly`: every how many months (1 to 12) */
            interval_months?: number;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            start_date?: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            end_date?: string | null;
            /** @description The day each invoice is dated; a shorter month takes its last day (31 → 28 or 29 February). Defaults to the start date's day. */
            day_of_month?: number;
            /**
             * @description `issue`: each invoice is issued (numbered, posted); `draft`: left as a draft to review and issue
             * @enum {string}
             */
            action?: "issue" | "draft";
            /** @description Send each issued invoice to the customer by email (done by the document-sending plugin when installed) */
            send?: boolean;
            /** @description Each invoice is due this many days after its date; null: no due date */
            due_days?: number | null;
            notes?: string | null;
            /** @description The lines of each invoice, as in InvoiceCreate */
            lines?: components["schemas"]["InvoiceLine"][];
        };
        RecurringInvoiceResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            contact_id: string;
            series: string;
            /**
             * @description `monthly`: every `interval_months` months; `yearly`: once a year
             * @enum {string}
             */
            frequency: "monthly" | "yearly";
            interval_months: number;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            start_date: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            end_date: string | null;
            day_of_month: number;
            /**
             * @description `issue`: each invoice is issued (numbered, posted); `draft`: left as a draft to review and issue
             * @enum {string}
             */
            action: "issue" | "draft";
            send: boolean;
            due_days: number | null;
            notes: string | null;
            /** @description The lines of each invoice, as in InvoiceCreate */
            lines: components["schemas"]["InvoiceLine"][];
            /**
             * @description `paused`: no invoice is made; periods that fall due while paused are skipped, not made on resume
             * @enum {string}
             */
            status: "active" | "paused";
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            paused_on: string | null;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            next_period: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        RecurringInvoiceRunResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            template_id: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            period: string;
            /**
             * @description `created`: the invoice was made; `failed`: it could not be (see `error`), retried on the next pass
             * @enum {string}
             */
            status: "created" | "failed";
            /** Format: uuid */
            invoice_id: string | null;
            /** @description As issued; null for a draft */
            invoice_number: string | null;
            /** @description The invoice's status when it was made (`issued` or `draft`) */
            invoice_status: string | null;
            error: string | null;
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginatedResponse_RecurringInvoiceResponse_: {
            items: components["schemas"]["RecurringInvoiceResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        PaginatedResponse_RecurringInvoiceRunResponse_: {
            items: components["schemas"]["RecurringInvoiceRunResponse"][];
            total: number;
            limit: number;
            offset: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        SearchResponse: {
            q: string;
            results: {
                /** @description `contacts`, `invoices`, `purchases` … (one per installed provider whose records the caller may read: its role and, for an API key, its scopes must allow the kind's own `.read` permission, as `GET /contacts` or `GET /invoices` would) */
                kind: string;
                /** @description Best first */
                items: {
                    /** Format: uuid */
                    id: string;
                    title: string;
                    subtitle: string | null;
                    /** @description The fields the text was found in */
                    matched: string[];
                    /** @description 0..1 similarity of the best field; 0 when the search is shorter than three characters (not ranked) */
                    score: number;
                }[];
                /** @description More hits exist than `limit`: open the kind's list with `search=` to see them */
                more: boolean;
            }[];
        };
        MandateCreate: {
            /** Format: uuid */
            contact_id: string;
            /** @description Unique mandate reference (UMR) within the company, up to 35 SEPA characters */
            reference: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            signature_date: string;
            /**
             * @description `CORE` (consumers and businesses) or `B2B` (businesses only, no refund right)
             * @enum {string}
             */
            scheme: "CORE" | "B2B";
            /**
             * @description `recurrent` (FRST, then RCUR) or `one_off` (OOFF, collected once)
             * @enum {string}
             */
            type: "recurrent" | "one_off";
            /** @description The debtor's account; the customer's IBAN when omitted */
            iban?: string | null;
            bic?: string | null;
        };
        MandateUpdate: {
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            signature_date?: string;
            iban?: string;
            bic?: string | null;
            /** @description A cancelled mandate collects nothing more */
            cancelled?: boolean;
        };
        MandateResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            contact_id: string;
            reference: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            signature_date: string;
            /**
             * @description `CORE` (consumers and businesses) or `B2B` (businesses only, no refund right)
             * @enum {string}
             */
            scheme: "CORE" | "B2B";
            /**
             * @description `recurrent` (FRST, then RCUR) or `one_off` (OOFF, collected once)
             * @enum {string}
             */
            type: "recurrent" | "one_off";
            iban: string;
            bic: string | null;
            cancelled: boolean;
            /** Format: date-time */
            cancelled_at: string | null;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            first_collection_date: string | null;
            /** @enum {string|null} */
            next_sequence_type: "FRST" | "RCUR" | "OOFF" | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaymentOrderCreate: {
            /**
             * Format: uuid
             * @description The euro treasury (with an IBAN) the transfers leave from
             */
            treasury_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            execution_date: string;
            /** @description Open items, each for what it still owes */
            document_ids: string[];
        };
        PaymentOrderResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            treasury_id: string;
            message_id: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            total: string;
            items_count: number;
            /**
             * @description `pending` until recorded as paid or collected with `/settle`
             * @enum {string}
             */
            status: "pending" | "settled";
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            settled_on: string | null;
            /** Format: uuid */
            journal_entry_id: string | null;
            /** Format: uuid */
            movement_id: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            execution_date: string;
            debtor_iban: string;
            items?: {
                /** Format: uuid */
                document_id: string;
                /** Format: uuid */
                contact_id: string;
                label: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                end_to_end_id: string;
                creditor_name: string;
                creditor_iban: string;
                creditor_bic: string | null;
            }[];
        };
        RemittanceCreate: {
            /**
             * Format: uuid
             * @description The euro treasury (with an IBAN) the debits are collected into
             */
            treasury_id: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            collection_date: string;
            /** @description Open items, each for what it still owes */
            document_ids: string[];
        };
        RemittanceResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            treasury_id: string;
            message_id: string;
            /**
             * @description Decimal string with two decimals
             * @example 1210.00
             */
            total: string;
            items_count: number;
            /**
             * @description `pending` until recorded as paid or collected with `/settle`
             * @enum {string}
             */
            status: "pending" | "settled";
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            settled_on: string | null;
            /** Format: uuid */
            journal_entry_id: string | null;
            /** Format: uuid */
            movement_id: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            collection_date: string;
            /** @description AT-02, from the company NIF: ES, check digits, ZZZ, NIF */
            creditor_identifier: string;
            creditor_iban: string;
            items?: {
                /** Format: uuid */
                document_id: string;
                /** Format: uuid */
                mandate_id: string;
                label: string;
                /**
                 * @description Decimal string with two decimals
                 * @example 1210.00
                 */
                amount: string;
                end_to_end_id: string;
                /**
                 * @description `CORE` (consumers and businesses) or `B2B` (businesses only, no refund right)
                 * @enum {string}
                 */
                scheme: "CORE" | "B2B";
                /** @enum {string} */
                sequence_type: "FRST" | "RCUR" | "OOFF";
                mandate_reference: string;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 * @example 2026-01-15
                 */
                signature_date: string;
                debtor_name: string;
                debtor_iban: string;
                debtor_bic: string | null;
                /**
                 * Format: date
                 * @description YYYY-MM-DD
                 * @example 2026-01-15
                 */
                returned_on: string | null;
                return_reason: string | null;
            }[];
        };
        PaginatedResponse_MandateResponse_: {
            items: components["schemas"]["MandateResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        PaginatedResponse_PaymentOrderResponse_: {
            items: components["schemas"]["PaymentOrderResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        PaginatedResponse_RemittanceResponse_: {
            items: components["schemas"]["RemittanceResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        MemberOut: {
            /** Format: uuid */
            user_id: string;
            email: string;
            full_name: string | null;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** Format: date-time */
            joined_at: string;
        };
        UpdateMemberRequest: {
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
        };
        InviteRequest: {
            /** Format: email */
            email: string;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
        };
        InvitationOut: {
            /** Format: uuid */
            inv_id: string;
            email: string;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
        };
        InvitationPreview: {
            tenant_name: string;
            email: string;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** @description Name (or email) of who invited; null if that account is gone */
            invited_by: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description True: accept with your current password. False: choose a password. */
            user_exists: boolean;
        };
        AcceptInvitationRequest: {
            /** @description An existing user: their password. A new user: the password to set (10..256 chars). */
            password: string;
            full_name?: string | null;
            /** @description An existing user with MFA: a TOTP or recovery code */
            mfa_code?: string;
        };
        AcceptInvitationResponse: {
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
            /** Format: uuid */
            tenant_id: string;
        };
        QuickCreateRequest: {
            /** Format: email */
            email: string;
            full_name?: string | null;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
        };
        QuickCreateResponse: {
            /** Format: uuid */
            user_id: string;
            email: string;
            /**
             * @description owner, admin, accountant, member or viewer (strongest first)
             * @enum {string}
             */
            role: "owner" | "admin" | "accountant" | "member" | "viewer";
            /** @description Shown only here; it works for 72 hours, and a session from it may only change it (POST /auth/change-password), read /auth/me or log out */
            temporary_password: string;
        };
        VerifactuRecordResponse: {
            /** Format: uuid */
            id: string;
            /** @description The chain: one per issuer tax number */
            issuer_tax_id: string;
            /** @description Place in the issuer's chain, from 1 */
            position: number;
            /** @enum {string} */
            record_type: "registration" | "cancellation";
            /** @description A correction (subsanación) of an earlier registration of the same invoice */
            correction: boolean;
            /** Format: uuid */
            invoice_id: string;
            invoice_number: string;
            /**
             * @description YYYY-MM-DD
             * @example 2026-01-15
             */
            issue_date: string;
            /** @enum {string|null} */
            invoice_type: "F1" | "F2" | "F3" | "R1" | "R2" | "R3" | "R4" | "R5" | null;
            /** @description The exact values that entered the hash, under the AEAT names (IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura, TipoFactura, CuotaTotal, ImporteTotal, Huella, FechaHoraHusoGenRegistro; a cancellation: the …Anulada names) */
            hash_fields: {
                [key: string]: string;
            };
            /** @description SHA-256, 64 upper-case hex characters */
            hash: string;
            previous_hash: string;
            /** @description For a registration record */
            qr_url: string | null;
            /** @description Why a correction or cancellation was made */
            reason: string | null;
            created_at: string;
        };
        PaginatedResponse_VerifactuRecordResponse_: {
            items: components["schemas"]["VerifactuRecordResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        VerifactuVerifyResponse: {
            /** @description Every chain recomputes: each hash from its stored fields, each link to the record before it */
            intact: boolean;
            records_checked: number;
            chains: {
                issuer_tax_id: string;
                length: number;
                last_hash: string;
            }[];
            /** @description The first record whose link or hash does not recompute, in chain order */
            first_broken: {
                /** Format: uuid */
                record_id: string | null;
                issuer_tax_id: string;
                position: number;
                invoice_number: string | null;
                /** @enum {string} */
                problem: "position" | "previous_hash" | "hash" | "head";
            } | null;
        };
        PaginatedResponse_VerifactuEventResponse_: {
            items: {
                id: string;
                at: string;
                /** @enum {string} */
                action: "record_created" | "exported" | "verified";
                /** Format: uuid */
                record_id: string | null;
                detail: {
                    [key: string]: unknown;
                };
            }[];
            total: number;
            limit: number;
            offset: number;
        };
        VerifactuCancellationRequest: {
            /** Format: uuid */
            invoice_id: string;
            /** @description Why (kept with the record) */
            reason: string;
        };
        VerifactuCorrectionRequest: {
            /** Format: uuid */
            invoice_id: string;
            /** @enum {string} */
            invoice_type?: "F1" | "F2" | "F3" | "R1" | "R2" | "R3" | "R4" | "R5";
            /** @description Why (kept with the record) */
            reason: string;
        };
        WebhookCreate: {
            /** @description HTTPS; every address the name resolves to must be public: global unicast, never private, loopback, link-local, reserved or an IPv6 form carrying such an IPv4 address (docs/webhooks.md) */
            url: string;
            /** @description The event types to receive (GET /webhooks/event-types) */
            events: ("invoice.issued" | "invoice.rectified" | "invoice.cancelled" | "purchase.registered" | "purchase.rectified" | "purchase.cancelled" | "document.paid" | "settlement.created" | "settlement.reversed" | "bank_movement.imported" | "bank_movement.created" | "reconciliation.matched")[];
            description?: string | null;
        };
        WebhookUpdate: {
            /** @description HTTPS; every address the name resolves to must be public: global unicast, never private, loopback, link-local, reserved or an IPv6 form carrying such an IPv4 address (docs/webhooks.md) */
            url?: string;
            /** @description The event types to receive (GET /webhooks/event-types) */
            events?: ("invoice.issued" | "invoice.rectified" | "invoice.cancelled" | "purchase.registered" | "purchase.rectified" | "purchase.cancelled" | "document.paid" | "settlement.created" | "settlement.reversed" | "bank_movement.imported" | "bank_movement.created" | "reconciliation.matched")[];
            description?: string | null;
            /** @description false pauses deliveries; true resumes them (and clears the failing state) */
            enabled?: boolean;
        };
        WebhookResponse: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            events: string[];
            enabled: boolean;
            /** @description Why Cuadra disabled the endpoint (it failed for days); null when enabled or disabled by hand */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Since when every delivery failed; null once one succeeds
             */
            failing_since: string | null;
            /** Format: date-time */
            last_success_at: string | null;
            /**
             * Format: date-time
             * @description During a secret rotation: until when the previous secret still signs deliveries
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookCreated: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            events: string[];
            enabled: boolean;
            /** @description Why Cuadra disabled the endpoint (it failed for days); null when enabled or disabled by hand */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Since when every delivery failed; null once one succeeds
             */
            failing_since: string | null;
            /** Format: date-time */
            last_success_at: string | null;
            /**
             * Format: date-time
             * @description During a secret rotation: until when the previous secret still signs deliveries
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_…), shown only here and on rotation */
            secret: string;
        };
        WebhookSecretRotate: {
            /**
             * @description How long the previous secret keeps signing (0: stop at once)
             * @default 24
             */
            previous_valid_hours: number;
        };
        WebhookSecretRotated: {
            secret: string;
            /** Format: date-time */
            previous_secret_expires_at: string | null;
        };
        WebhookDeliveryResponse: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The `id` of the body: the same on every attempt and redelivery
             */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            response_status: number | null;
            /** @description The first 1,000 characters of the last answer at most */
            response_excerpt: string | null;
            error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When pending: the next retry
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            delivered_at: string | null;
        };
        WebhookEventType: {
            type: string;
            description: string;
        };
        PaginatedResponse_WebhookResponse_: {
            items: components["schemas"]["WebhookResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        PaginatedResponse_WebhookDeliveryResponse_: {
            items: components["schemas"]["WebhookDeliveryResponse"][];
            total: number;
            limit: number;
            offset: number;
        };
        ExtractedField: {
            value: string | null;
            /** @description 0..1: how sure the reading is (OCR confidence, label found, checksums and the totals cross-check) */
            confidence: number;
            /** @enum {string|null} */
            source: "text_layer" | "ocr" | null;
            page: number | null;
        };
        ExtractedTaxLine: {
            /** @description Percentage, e.g. "21.00" */
            rate: string;
            /** @description Decimal string */
            base: string;
            /** @description The quota (VAT, recargo) or the withholding, decimal string */
            amount: string;
            /** @description 0..1: how sure the reading is (OCR confidence, label found, checksums and the totals cross-check) */
            confidence: number;
            /** @enum {string} */
            source: "text_layer" | "ocr";
            page: number;
        };
        PageReadReport: {
            page: number;
            /** @enum {string} */
            source: "text_layer" | "ocr" | "unread";
            characters: number;
            /** @description 0..1: how sure the reading is (OCR confidence, label found, checksums and the totals cross-check) */
            confidence: number;
            note?: string;
        };
        PurchaseExtraction: {
            file_sha256: string;
            /** @enum {string} */
            file_kind: "pdf" | "jpeg" | "png";
            supplier_name: components["schemas"]["ExtractedField"];
            /** @description NIF/CIF/NIE or EU VAT number, checksum-validated; never the company's own */
            supplier_tax_id: {
                value: string | null;
                /** @description 0..1: how sure the reading is (OCR confidence, label found, checksums and the totals cross-check) */
                confidence: number;
                /** @enum {string|null} */
                source: "text_layer" | "ocr" | null;
                page: number | null;
            };
            supplier_country: string | null;
            invoice_number: components["schemas"]["ExtractedField"];
            issue_date: components["schemas"]["ExtractedField"];
            subtotal: components["schemas"]["ExtractedField"];
            total: components["schemas"]["ExtractedField"];
            vat: components["schemas"]["ExtractedTaxLine"][];
            /** @description Recargo de equivalencia */
            surcharge: components["schemas"]["ExtractedTaxLine"][];
            /** @description IRPF */
            withholding: components["schemas"]["ExtractedTaxLine"][];
            /** @description Σ bases + Σ VAT + Σ recargo − Σ IRPF against the printed total */
            cross_check: {
                passed: boolean;
                computed_total: string | null;
            };
            pages: components["schemas"]["PageReadReport"][];
        };
        IngestPurchaseResponse: {
            purchase: components["schemas"]["PurchaseResponse"];
            /**
             * Format: uuid
             * @description Set when the file (same bytes), or the same supplier invoice number, is already registered: nothing was created
             */
            duplicate_of: string | null;
            needs_review: boolean;
            review_reasons: string[];
            extraction: components["schemas"]["PurchaseExtraction"];
        };
        IngestPurchaseJob: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "queued" | "running" | "done" | "failed";
            result_status: number | null;
            result: components["schemas"]["IngestPurchaseResponse"];
            /** @description Once failed: the error the synchronous call would have answered */
            error: {
                status: number;
                detail: string;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        Body_upload_logo_api_v1_tenants_me_logo_post: {
            /**
             * Format: binary
             * @default File
             */
            file: string;
        };
        Body_import_statement_api_v1_treasuries__treasury_id__import_post: {
            /**
             * Format: binary
             * @description Norma 43 (AEB/CSB 43), ISO 20022 CAMT.053 (.001.02 to .001.08), XLSX, a bank's HTML-table .xls or CSV
             * @default File
             */
            file: string;
            /** @description XLSX and CSV: a JSON object naming the columns, saved on the treasury and reused by later imports that give none, e.g. {"date":"Fecha","amount":"Importe","description":"Concepto"}; keys date, value_date, amount (signed), debit and credit (two columns), description, reference, counterparty, counterparty_iban */
            mapping?: string | {
                [key: string]: unknown;
            };
        };
        Body_ingest_purchase_api_v1_ai_ingest_purchase_post: {
            /**
             * Format: binary
             * @description The purchase invoice or ticket: a PDF (text or scanned, at most 20 pages), or a JPEG or PNG photo; at most 10 MiB
             * @default File
             */
            file: string;
            /**
             * Format: uuid
             * @description The supplier, when known (otherwise matched by tax number, then by name, or created)
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description Paid already from this treasury: the payment is recorded once the purchase is booked (needs the treasury plugin)
             */
            treasury_id?: string;
            /**
             * @description false: read and prepare a draft, never register it
             * @default true
             */
            book: boolean;
            /**
             * @description true: answer 202 with a job at once and read the file in the background; poll GET /ai/ingest-purchase/jobs/{job_id}
             * @default false
             */
            async: boolean;
        };
        /** ValidationError */
        ValidationError: {
            loc: (string | number)[];
            msg: string;
            type: string;
        };
        /** HTTPValidationError */
        HTTPValidationError: {
            detail?: components["schemas"]["ValidationError"][];
        };
        /** ErrorResponse */
        ErrorResponse: {
            detail: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description What is left of each policy that applies: `"<policy>";r=<requests left>;t=<seconds to the window's end>`
         * @example "api-key";r=1187;t=42
         */
        RateLimit: string;
        /**
         * @description The policies that apply: `"<policy>";q=<requests>;w=<window seconds>`
         * @example "api-key";q=1200;w=60
         */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        database: string;
                        latency_ms: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    logos_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyTenant"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenants_me_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantMe"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenants_me_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Any TenantMe field but id, created_at and logo_url; at least one. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["TenantUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantMe"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenants_me_logo_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenants_me_logo_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["Body_upload_logo_api_v1_tenants_me_logo_post"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogoUploadResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 2162688 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tenants_me_logo_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "password": "una clave bien larga"
                 *     }
                 */
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_verify_email: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to FRONTEND_URL (or to Cuadra's own confirmation page when none is configured) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_verify_email_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["ResendVerificationRequest"];
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "password": "una clave bien larga"
                 *     }
                 */
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_google: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id_token": "eyJhbGciOiJSUzI1NiJ9…"
                 *     }
                 */
                "application/json": components["schemas"]["IdentityProviderLoginRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_me: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_change_password: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "una clave bien larga",
                 *       "new_password": "otra clave bien larga"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePasswordRequest"];
            };
        };
        responses: {
            /** @description Changed; no body */
            204: {
                headers: {
                    /** @description A new session token (the one used for this request no longer works) */
                    "X-Access-Token"?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_forgot_password: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_reset_password: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "el-token-del-enlace",
                 *       "new_password": "otra clave bien larga"
                 *     }
                 */
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_onboarding_complete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL",
                 *       "tax_id": "B12345674"
                 *     }
                 */
                "application/json": components["schemas"]["OnboardingCompleteRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingCompleteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_tenants: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL",
                 *       "tax_id": "B12345674"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTenantRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingCompleteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_switch_tenant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenant_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["SwitchTenantRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_api_keys_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListItem"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_api_keys_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_api_keys_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    account_export: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    account_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Re-authentication: password (+ MFA code when enabled); a password-less account gives an MFA code or a fresh Google ID token */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["AccountDeleteRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDeleteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                kind?: "vat" | "surcharge" | "withholding";
                regime?: "domestic" | "intra_eu" | "export" | "reverse_charge" | "import" | "oss" | "exempt" | "not_subject";
                active?: boolean;
                from?: string;
                to?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_TaxTypeResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A company-defined tax type (e.g. the OSS rate of another country). When `sales`/`purchases` are omitted they are copied from the built-in type of the same kind and regime (and rate, when one matches). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456",
                 *       "name": "Ana Robles SL",
                 *       "kind": "vat",
                 *       "rate": "100.00",
                 *       "regime": "domestic"
                 *     }
                 */
                "application/json": components["schemas"]["TaxTypeCreate"];
            };
        };
        responses: {
            /** @description `sales`/`purchases` null: the type cannot be used on that side. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxTypeResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_settings_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxSettingsResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_settings_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "oss_registered": false
                 *     }
                 */
                "application/json": components["schemas"]["TaxSettingsUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxSettingsResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `sales`/`purchases` null: the type cannot be used on that side. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxTypeResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    taxes_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Code, kind, rate and regime never change: documents keep pointing at them. Create a new type instead. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["TaxTypeUpdate"];
            };
        };
        responses: {
            /** @description `sales`/`purchases` null: the type cannot be used on that side. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxTypeResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_list: {
        parameters: {
            query?: {
                search?: string;
                kind?: "customer" | "supplier";
                country?: string;
                customer_type?: "business" | "individual";
                has_vat?: boolean;
                external_source?: string;
                from?: string;
                to?: string;
                limit?: number;
                offset?: number;
                cursor?: string;
                total?: "exact" | "estimate";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_ContactResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "customer",
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["ContactCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_summary: {
        parameters: {
            query?: {
                search?: string;
                kind?: "customer" | "supplier";
                country?: string;
                customer_type?: "business" | "individual";
                has_vat?: boolean;
                external_source?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactSummary"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_export: {
        parameters: {
            query?: {
                search?: string;
                kind?: "customer" | "supplier";
                country?: string;
                customer_type?: "business" | "individual";
                has_vat?: boolean;
                external_source?: string;
                from_date?: string;
                to_date?: string;
                format?: "xlsx" | "csv" | "json" | "pdf";
                columns?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment (Content-Disposition filename contactos-YYYY-MM-DD.<ext>) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "text/csv": string;
                    "application/json": Record<string, never>[];
                    "application/pdf": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        /** @description Any ContactCreate field; at least one. Send null to clear an optional field. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "customer"
                 *     }
                 */
                "application/json": components["schemas"]["ContactUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_stats: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Figures contributed by the document plugins (zeros while none is installed). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactStatsResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_tax_suggestion: {
        parameters: {
            query?: {
                context?: "sale" | "purchase";
                nature?: "goods" | "services";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxSuggestionResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_merge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                keep_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "duplicate_ids": [
                 *         "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["MergeContactsBody"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MergeContactsResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    contacts_insights: {
        parameters: {
            query?: {
                months?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Contacts dashboard over the last `months` calendar months (UTC), this month included. Activity comes from the document plugins. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactInsights"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                account?: string;
                source_type?: string;
                source_id?: string;
                contact_id?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_JournalEntryResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_entries_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalEntryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_entries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A manual entry (payroll, amortisation, opening balances…): debits must equal credits. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "description": "Consultoría",
                 *       "lines": [
                 *         {
                 *           "account": "4300"
                 *         },
                 *         {
                 *           "account": "4300"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["JournalEntryCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalEntryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_entries_reverse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description The reversal date defaults to today (Europe/Madrid); it may not precede the original entry. */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["JournalEntryReverse"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalEntryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_accounts_list: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                prefix?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_accounts_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "4300001",
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["AccountCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_trial_balance: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                level?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Balance de sumas y saldos: debit and credit sums of the period per account; totals.debit = totals.credit. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrialBalanceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_account_get: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Libro mayor of an account and its sub-accounts, with a running balance from the opening balance. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerAccountStatement"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ledger_export: {
        parameters: {
            query?: {
                format?: "csv" | "hledger";
                from?: string;
                to?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal file */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "text/plain": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    tax_books_get: {
        parameters: {
            query: {
                from: string;
                to: string;
                format?: "csv" | "xlsx";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                book: "issued" | "received";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The book */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    open_items: {
        parameters: {
            query?: {
                kind?: "receivable" | "payable";
                contact_id?: string;
                status?: "open" | "overdue";
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_OpenItemResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    settlements: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description One payment (collection, payment to a supplier, or both netted) settling one or several documents */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "allocations": [
                 *         {
                 *           "document_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *           "amount": "100.00"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SettlementCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    settlements_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                settlement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    settlements_reverse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                settlement_id: string;
            };
            cookie?: never;
        };
        /** @description The date of the reversing entry */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15"
                 *     }
                 */
                "application/json": components["schemas"]["SettlementReverse"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_111: {
        parameters: {
            query: {
                year: number;
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model as CSV */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_111_summary: {
        parameters: {
            query?: {
                year?: number;
                periodicity?: "monthly" | "quarterly" | "annual";
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxModelSummary"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_111_settle: {
        parameters: {
            query: {
                year: number;
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalEntryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303: {
        parameters: {
            query: {
                year: number;
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model as CSV */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303_summary: {
        parameters: {
            query?: {
                year?: number;
                periodicity?: "monthly" | "quarterly" | "annual";
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxModelSummary"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303_settle: {
        parameters: {
            query: {
                year: number;
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalEntryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303_file: {
        parameters: {
            query: {
                year: number;
                quarter?: number;
                month?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import file */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303_options_get: {
        parameters: {
            query: {
                year: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's options of model 303 for a year */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        model: string;
                        year: number;
                        options: {
                            /**
                             * @description Registered in the monthly refund register (REDEME, art. 30 RIVA) that year: a negative result is refunded (D) in any period, not carried; such companies file monthly (`month`)
                             * @default false
                             */
                            redeme: boolean;
                            /**
                             * @description Files monthly that year: a large company (volume of operations above 6,010,121.04 € the year before) or in a VAT group; REDEME implies it. The history then lists months
                             * @default false
                             */
                            monthly: boolean;
                            /**
                             * @description A negative result of the last period of the year (4T or 12): `refund` asks for it back with everything still to compensate (D); `compensate` carries it into the next year (C, box 110 of its first period)
                             * @default refund
                             * @enum {string}
                             */
                            last_period_negative: "refund" | "compensate";
                        };
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_303_options_replace: {
        parameters: {
            query: {
                year: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "redeme": false
                 *     }
                 */
                "application/json": {
                    /** @description Registered in the monthly refund register (REDEME, art. 30 RIVA) that year: a negative result is refunded (D) in any period, not carried; such companies file monthly (`month`) */
                    redeme?: boolean;
                    /** @description Files monthly that year: a large company (volume of operations above 6,010,121.04 € the year before) or in a VAT group; REDEME implies it. The history then lists months */
                    monthly?: boolean;
                    /**
                     * @description A negative result of the last period of the year (4T or 12): `refund` asks for it back with everything still to compensate (D); `compensate` carries it into the next year (C, box 110 of its first period)
                     * @enum {string}
                     */
                    last_period_negative?: "refund" | "compensate";
                };
            };
        };
        responses: {
            /** @description The company's options of model 303 for a year */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        model: string;
                        year: number;
                        options: {
                            /**
                             * @description Registered in the monthly refund register (REDEME, art. 30 RIVA) that year: a negative result is refunded (D) in any period, not carried; such companies file monthly (`month`)
                             * @default false
                             */
                            redeme: boolean;
                            /**
                             * @description Files monthly that year: a large company (volume of operations above 6,010,121.04 € the year before) or in a VAT group; REDEME implies it. The history then lists months
                             * @default false
                             */
                            monthly: boolean;
                            /**
                             * @description A negative result of the last period of the year (4T or 12): `refund` asks for it back with everything still to compensate (D); `compensate` carries it into the next year (C, box 110 of its first period)
                             * @default refund
                             * @enum {string}
                             */
                            last_period_negative: "refund" | "compensate";
                        };
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_347: {
        parameters: {
            query: {
                year: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model as CSV */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    aeat_347_summary: {
        parameters: {
            query?: {
                year?: number;
                periodicity?: "monthly" | "quarterly" | "annual";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxModelSummary"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                as_of?: string;
                kind?: "bank" | "payment_processor" | "wallet";
                include_archived?: boolean;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_TreasuryResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "bank",
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["TreasuryCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreasuryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                treasury_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreasuryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                treasury_id: string;
            };
            cookie?: never;
        };
        /** @description Kind, currency, accounts and the opening balance are fixed once created (the books hold them). */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["TreasuryUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreasuryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_archive: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                treasury_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreasuryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_import: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                treasury_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["Body_import_statement_api_v1_treasuries__treasury_id__import_post"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementImportResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 33619968 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    treasuries_movements: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                treasury_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "amount": "100.00",
                 *       "description": "Consultoría"
                 *     }
                 */
                "application/json": components["schemas"]["BankMovementCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankMovementResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    bank_movements: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                treasury_id?: string;
                status?: "unmatched" | "matched" | "categorized";
                search?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_BankMovementResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    bank_movements_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                movement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankMovementResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_widget_types: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogResponse"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardListItem"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Robles SL"
                 *     }
                 */
                "application/json": components["schemas"]["DashboardCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                board_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_replace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                board_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["DashboardUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                board_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_boards_append_recommended: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                board_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "string"
                 *     }
                 */
                "application/json": components["schemas"]["WidgetDataRequest"];
            };
        };
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_summary: {
        parameters: {
            query?: {
                year?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_kpi: {
        parameters: {
            query?: {
                metric?: "sales" | "income" | "purchases" | "expenses" | "profit" | "vat_due" | "cash" | "receivables" | "payables";
                period?: "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "last_12m" | "ytd";
                compare?: boolean;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_timeseries: {
        parameters: {
            query?: {
                metric?: "sales" | "income" | "purchases" | "expenses" | "profit" | "vat_due" | "cash" | "receivables" | "payables";
                period?: "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "last_12m" | "ytd";
                chart_type?: "bar" | "line" | "area";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_top: {
        parameters: {
            query?: {
                dim?: "customer" | "supplier" | "product";
                period?: "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "last_12m" | "ytd";
                limit?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_treasuries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_pending_reconciliation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_runway: {
        parameters: {
            query?: {
                burn_window_months?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_top_expense_accounts: {
        parameters: {
            query?: {
                period?: "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "last_12m" | "ytd";
                limit?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_upcoming_taxes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_subscriptions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_uncategorized_movements: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    dashboard_data_recent_invoices: {
        parameters: {
            query?: {
                limit?: number;
                status?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free-form JSON object; amounts as decimal strings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_send: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["DocumentSendRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_sendings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_send: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["DocumentSendRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_sendings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_send: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["DocumentSendRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_sendings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendingList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                status?: "draft" | "issued" | "partially_paid" | "paid" | "rectified";
                contact_id?: string;
                cursor?: string;
                series?: string;
                search?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_InvoiceResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "issue_date": "2026-01-15",
                 *       "lines": [
                 *         {
                 *           "description": "Consultoría",
                 *           "quantity": "1",
                 *           "unit_price": "1000.00",
                 *           "tax_type_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["InvoiceCreate"];
            };
        };
        responses: {
            /** @description The invoice (issued, or the draft) */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Drafts only (an issued invoice is 409): any InvoiceCreate field but status; at least one. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["InvoiceUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_issue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The issued invoice */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_rectify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Issues a rectifying invoice in series R referencing the original (art. 15 RD 1619/2012). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "issue_date": "2026-01-15",
                 *       "reason": "Error en el precio",
                 *       "mode": "differences"
                 *     }
                 */
                "application/json": components["schemas"]["RectifyRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_payments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Records a collection: Dr treasury / Cr 4300, and moves the status to partially_paid or paid. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "amount": "100.00"
                 *     }
                 */
                "application/json": components["schemas"]["InvoicePaymentRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_pdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_mfa_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaStatusResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_mfa_setup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaSetupResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_mfa_activate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": components["schemas"]["MfaActivateRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaActivateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_mfa_disable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The current password, or a current TOTP or recovery code (one of them) */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["MfaDisableRequest"];
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_reminders_settings_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentReminderSettings"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_reminders_settings_replace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": components["schemas"]["PaymentReminderSettingsUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentReminderSettings"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_reminders: {
        parameters: {
            query?: {
                document_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_PaymentReminderResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                status?: "draft" | "sent" | "accepted" | "rejected" | "expired";
                contact_id?: string;
                search?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_ProformaResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Numbered at once in series PF (PF-2026-000001); saved as a draft */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "issue_date": "2026-01-15",
                 *       "lines": [
                 *         {
                 *           "description": "Consultoría",
                 *           "quantity": "1",
                 *           "unit_price": "1000.00",
                 *           "tax_type_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ProformaCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Drafts only (409 once sent); at least one field */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["ProformaUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_mark_sent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_accept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_convert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProformaResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    proformas_pdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                status?: "draft" | "issued" | "partially_paid" | "paid" | "rectified";
                contact_id?: string;
                cursor?: string;
                kind?: "invoice" | "expense";
                search?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_PurchaseResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "kind": "invoice",
                 *       "issue_date": "2026-01-15",
                 *       "lines": [
                 *         {
                 *           "description": "Consultoría",
                 *           "unit_price": "1000.00",
                 *           "tax_type_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PurchaseCreate"];
            };
        };
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Drafts only (a registered purchase is 409): any PurchaseCreate field but status; at least one. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["PurchaseUpdate"];
            };
        };
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_file: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_issue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_rectify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Registers the supplier's rectifying invoice for a registered purchase: `differences` (its corrections) or `substitution` (the full corrected document; none = cancellation). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "issue_date": "2026-01-15",
                 *       "reason": "Error en el precio",
                 *       "mode": "differences"
                 *     }
                 */
                "application/json": components["schemas"]["PurchaseRectifyRequest"];
            };
        };
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    purchases_payments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Records a payment: Dr 4000/4100 / Cr treasury. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "amount": "100.00"
                 *     }
                 */
                "application/json": components["schemas"]["PurchasePaymentRequest"];
            };
        };
        responses: {
            /** @description Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ai_ingest_purchase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["Body_ingest_purchase_api_v1_ai_ingest_purchase_post"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestPurchaseResponse"];
                };
            };
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestPurchaseResponse"];
                };
            };
            /** @description Response for status 202 */
            202: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestPurchaseJob"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 10551296 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ai_ingest_purchase_jobs_get: {
        parameters: {
            query?: {
                wait?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestPurchaseJob"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                status?: "draft" | "sent" | "accepted" | "rejected" | "expired";
                contact_id?: string;
                search?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_QuoteResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Numbered at once in series P (P-2026-000001); saved as a draft */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "issue_date": "2026-01-15",
                 *       "lines": [
                 *         {
                 *           "description": "Consultoría",
                 *           "quantity": "1",
                 *           "unit_price": "1000.00",
                 *           "tax_type_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["QuoteCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Drafts only (409 once sent); at least one field */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["QuoteUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_mark_sent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_accept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_convert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    quotes_pdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_manual_match: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "movement_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "document_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *     }
                 */
                "application/json": components["schemas"]["ManualMatchRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MatchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_matches_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                movement_id?: string;
                include_undone?: boolean;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_MatchResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_matches_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "movement_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "allocations": [
                 *         {
                 *           "document_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["MatchCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MatchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_categorize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "movement_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "account": "string"
                 *     }
                 */
                "application/json": components["schemas"]["CategorizeRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MatchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_matches_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MatchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_matches_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_board: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                treasury_id?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationBoard"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_settings_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationSettings"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_settings_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["ReconciliationSettingsUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationSettings"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reconciliation_auto_match: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoMatchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "active" | "paused";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_RecurringInvoiceResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A template of invoices made every period by the background job */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "start_date": "2026-01-15",
                 *       "lines": [
                 *         {
                 *           "description": "Consultoría",
                 *           "quantity": "1",
                 *           "unit_price": "1000.00",
                 *           "tax_type_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["RecurringInvoiceCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Any create field, at least one. Only periods not made yet change: invoices already made stay as they are. */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["RecurringInvoiceUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_pause: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_resume: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    recurring_invoices_runs: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_RecurringInvoiceRunResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    search: {
        parameters: {
            query: {
                q: string;
                limit?: number;
                kinds?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mandates_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                contact_id?: string;
                include_cancelled?: boolean;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_MandateResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mandates_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "reference": "string",
                 *       "signature_date": "2026-01-15",
                 *       "scheme": "CORE",
                 *       "type": "recurrent"
                 *     }
                 */
                "application/json": components["schemas"]["MandateCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MandateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mandates_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MandateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mandates_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    mandates_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "signature_date": "2026-01-15"
                 *     }
                 */
                "application/json": components["schemas"]["MandateUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MandateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_orders_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_PaymentOrderResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_orders_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "treasury_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "execution_date": "2026-01-15",
                 *       "document_ids": [
                 *         "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PaymentOrderCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_orders_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_orders_file: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description pain.001.001.09 XML */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    payment_orders_settle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date
                     * @description YYYY-MM-DD
                     * @example 2026-01-15
                     */
                    date: string;
                    /**
                     * Format: uuid
                     * @description The imported statement's movement for the whole batch (same treasury, unmatched, exactly the batch's total): settled against the treasury's 555x and the movement matched. Without it, settled straight against the treasury's 572x.
                     */
                    movement_id?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_RemittanceResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "treasury_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "collection_date": "2026-01-15",
                 *       "document_ids": [
                 *         "3fa85f64-5717-4562-b3fc-2c963f66afa6"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["RemittanceCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemittanceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemittanceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_file: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description pain.008.001.08 XML */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_settle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date
                     * @description YYYY-MM-DD
                     * @example 2026-01-15
                     */
                    date: string;
                    /**
                     * Format: uuid
                     * @description The imported statement's movement for the whole batch (same treasury, unmatched, exactly the batch's total): settled against the treasury's 555x and the movement matched. Without it, settled straight against the treasury's 572x.
                     */
                    movement_id?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemittanceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    direct_debit_remittances_returns: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "date": "2026-01-15",
                 *       "reason": "Error en el precio"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    document_id: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD
                     * @example 2026-01-15
                     */
                    date: string;
                    /** @description ISO 20022 return reason code, e.g. AM04 (insufficient funds), MD06 (refund requested), AC04 (account closed), MD01 (no mandate) */
                    reason: string;
                    /**
                     * @description What the bank charged for the return, posted to 626
                     * @example 3.50
                     */
                    fee?: string;
                    /**
                     * Format: uuid
                     * @description The statement's debit of the return (the amount plus the fee): matched to the invoice
                     */
                    movement_id?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemittanceResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_members: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberOut"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_members_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_members_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "owner"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMemberRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_members_quick_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "role": "owner"
                 *     }
                 */
                "application/json": components["schemas"]["QuickCreateRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuickCreateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_invitations_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationOut"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_invitations_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "role": "owner"
                 *     }
                 */
                "application/json": components["schemas"]["InviteRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationOut"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_invitations_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                inv_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    team_invitations_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                inv_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_invitations_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    auth_invitations_accept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "una clave bien larga"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptInvitationRequest"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptInvitationResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    invoices_qr: {
        parameters: {
            query?: {
                format?: "png" | "svg";
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code: PNG, or SVG with format=svg */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_records: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                from?: string;
                to?: string;
                invoice_id?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_VerifactuRecordResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_cancellations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "invoice_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "reason": "Error en el precio"
                 *     }
                 */
                "application/json": components["schemas"]["VerifactuCancellationRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifactuRecordResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_corrections: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "invoice_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                 *       "reason": "Error en el precio"
                 *     }
                 */
                "application/json": components["schemas"]["VerifactuCorrectionRequest"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifactuRecordResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_verify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifactuVerifyResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_export: {
        parameters: {
            query: {
                from: string;
                to: string;
                issuer_tax_id?: string;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RegFactuSistemaFacturacion XML */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifactu_events: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_VerifactuEventResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_event_types: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventType"][];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_WebhookResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "string",
                 *       "events": [
                 *         "invoice.issued"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "string"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_rotate_secret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["WebhookSecretRotate"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotated"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Request body larger than 1048576 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_deliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedResponse_WebhookDeliveryResponse_"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    webhooks_deliveries_redeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Act in another company of the signed-in user (API keys: only their own). */
                "X-Tenant-Id"?: string;
                /** @description Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Authenticated but not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (another company's ids answer the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
