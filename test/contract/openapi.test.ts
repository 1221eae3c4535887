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
    const publicOps = new Set(['post /api/v1/auth/register', 'post /api/v1/auth/login', 'get /api/v1/auth/verify-email', 'post /api/v1/auth/forgot-password', 'post /api/v1/auth/reset-password', 'get /health', 'get /logos/{tenantId}/{file}', 'post /api/v1/auth/verify-email/resend',
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

  test('/docs is served without any CDN', async () => {
    const page = await app.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect((await app.get('/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  test('/health checks the database', async () => {
    const res = await app.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(res.body.database);
  });
});
