import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

describe('/openapi.json', () => {
  test('is OpenAPI 3.1.0, version 0.1.0, with the named schemas of docs/api.md', async () => {
    const res = await app.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.1.0');
    for (const name of ['RegisterRequest', 'RegisterResponse', 'LoginRequest', 'LoginResponse', 'ChangePasswordRequest', 'ResendVerificationRequest',
      'OnboardingCompleteRequest', 'CreateTenantRequest', 'OnboardingCompleteResponse', 'SwitchTenantRequest', 'ForgotPasswordRequest',
      'ResetPasswordRequest', 'ApiKeyCreate', 'ApiKeyCreateResponse', 'ApiKeyListItem', 'MeResponse', 'TenantMe', 'TenantUpdate',
      'LogoUploadResponse', 'HTTPValidationError', 'ValidationError']) {
      expect(res.body.components.schemas[name]).toBeDefined();
    }
  });

  test('every operation has a default error response; protected ones declare security, public ones none', async () => {
    const spec = (await app.get('/openapi.json')).body;
    const publicOps = new Set(['post /api/v1/auth/register', 'post /api/v1/auth/login', 'get /api/v1/auth/verify-email', 'post /api/v1/auth/forgot-password', 'post /api/v1/auth/reset-password', 'get /health', 'get /health/ready', 'get /logos/{tenantId}/{file}', 'post /api/v1/auth/verify-email/resend',
      'post /api/v1/auth/google', 'get /api/v1/auth/invitations/{token}', 'post /api/v1/auth/invitations/{token}/accept',
      'get /api/v1/dashboard/widget-types']);
    // Every public operation is listed here on purpose: a new one must be added consciously.
    let operations = 0;
    for (const [path, ops] of Object.entries<any>(spec.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        operations++;
        expect(op.responses.default.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
        if (`${method} ${path}` === 'post /api/v1/auth/verify-email/resend') expect(op.security).toEqual([{}, { bearer: [] }]); // with a session, or by email
        else if (publicOps.has(`${method} ${path}`)) expect(op.security).toEqual([]);
        else expect([`${method} ${path}`, op.security.length > 0]).toEqual([`${method} ${path}`, true]);
      }
    }
    expect(operations).toBeGreaterThan(15);
    expect(spec.paths['/api/v1/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });

  test('/docs is served without any CDN, with a filter box and links to each operation', async () => {
    const page = await app.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.text).toMatch(/SwaggerUIBundle\(\{[^}]*\bfilter: true\b[^}]*\bdeepLinking: true\b/);
    expect((await app.get('/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  test('a client may leave out every request field with a default (its default is in the description); files have none', async () => {
    const spec = (await app.get('/openapi.json')).body;
    const schemas = spec.components.schemas;
    const withDefault: string[] = [];
    const visit = (node: any, where: string, seen: Set<string>): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item) => visit(item, where, seen));
      if (typeof node.$ref === 'string') {
        const name = node.$ref.split('/').pop();
        if (!seen.has(name)) visit(schemas[name], name, seen.add(name));
        return;
      }
      for (const [field, property] of Object.entries<any>(node.properties ?? {})) if (property && 'default' in property) withDefault.push(`${where}.${field}`);
      // the properties map is no schema (a field may be named "properties"): visit each property's schema
      for (const property of Object.values(node.properties ?? {})) visit(property, where, seen);
      for (const [key, value] of Object.entries(node)) if (!['example', 'examples', 'default', 'enum', 'const', 'properties'].includes(key)) visit(value, where, seen);
    };
    const seen = new Set<string>();
    for (const [path, operations] of Object.entries<any>(spec.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) visit(operation.requestBody, `${method} ${path}`, seen);
    }
    expect(withDefault).toEqual([]);
    expect(schemas.TreasuryCreate.required).not.toContain('currency');
    expect(schemas.TreasuryCreate.properties.currency.description).toContain('default EUR');
    expect(schemas.SettlementCreate.properties.allow_overpayment.description).toEndWith('Default: `false`.');
    const upload = schemas.Body_ingest_purchase_api_v1_ai_ingest_purchase_post.properties.file;
    expect(upload).toMatchObject({ type: 'string', format: 'binary' });
    expect('default' in upload).toBe(false);
  });

  test('answers show plausible money, dates and ids: each string with a shape has an example that fits it', async () => {
    const spec = (await app.get('/openapi.json')).body;
    const invoice = spec.components.schemas.InvoiceResponse.properties;
    expect([invoice.subtotal.examples, invoice.tax_total.examples, invoice.total.examples]).toEqual([['100.00'], ['21.00'], ['121.00']]);
    expect([invoice.id.examples, invoice.issue_date.examples]).toEqual([['3fa85f64-5717-4562-b3fc-2c963f66afa6'], ['2026-01-15']]);
    const misfits: string[] = [];
    const check = (node: any, where: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => check(item, `${where}.${i}`));
      if (typeof node.pattern === 'string' && Array.isArray(node.examples)) {
        for (const example of node.examples) if (typeof example === 'string' && !new RegExp(node.pattern, 'u').test(example)) misfits.push(`${where}: ${example}`);
      }
      for (const [key, value] of Object.entries(node)) if (!['example', 'examples', 'default', 'enum', 'const'].includes(key)) check(value, `${where}.${key}`);
    };
    check(spec.components.schemas, 'schemas');
    check(spec.paths, 'paths');
    expect(misfits).toEqual([]);
  });

  test('/health checks the database', async () => {
    const res = await app.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(res.body.database);
  });
});
