import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { NotFound } from '../../kernel/errors';
import { noContent } from '../../kernel/openapi';
import { currentTenantJson, MAX_LOGO_BYTES, TenantService, tenantToJson } from './service';
import { tenantModels } from './schemas';

export const tenantRoutes = (kernel: Kernel) => {
  const url = kernel.config.publicUrl;
  return new Elysia({ name: 'cuadra:tenants' })
    .use(kernel.http)
    .model(tenantModels)
    .get('/tenant', async ({ uow }) => {
      const tenant = await uow.run((tx) => TenantService.current(tx));
      return { id: tenant.id, name: tenant.name, tax_id: tenant.taxId, country: tenant.country, created_at: tenant.createdAt.toISOString() };
    }, { permission: 'tenants.read', response: { 200: 'LegacyTenant' }, detail: { summary: 'Current company (legacy shape)', tags: ['tenants'], deprecated: true } })
    .get('/tenants/me', ({ uow }) => currentTenantJson(uow, url),
      { permission: 'tenants.read', response: { 200: 'TenantMe' }, detail: { summary: 'Current company', tags: ['tenants'] } })
    .patch('/tenants/me', async ({ uow, body }) => tenantToJson(await uow.run((tx) => TenantService.update(tx, body)), url),
      { permission: 'tenants.manage', body: 'TenantUpdate', response: { 200: 'TenantMe' }, detail: { summary: 'Update the current company', tags: ['tenants'] } })
    .post('/tenants/me/logo', async ({ uow, body }) => {
      const tenant = await uow.run((tx) => TenantService.setLogo(tx, body.file, kernel.files));
      return { logo_url: tenantToJson(tenant, url).logo_url! };
    }, {
      permission: 'tenants.manage',
      // the file plus room for the multipart envelope; anything larger is refused before it is read
      maxBodyBytes: MAX_LOGO_BYTES + 64 * 1024,
      body: t.Object({ file: t.File() }, { $id: 'Body_upload_logo_api_v1_tenants_me_logo_post' }),
      response: { 200: 'LogoUploadResponse' },
      detail: { summary: 'Upload the company logo (PNG, JPEG or WebP, at most 2 MiB; re-encoded as PNG)', tags: ['tenants'] },
    })
    .get('/tenants/me/logo', async ({ uow }) => {
      const png = await uow.run(async (tx) => {
        const tenant = await TenantService.current(tx);
        return tenant.logoToken ? TenantService.logo(tx, tenant.logoToken, kernel.files) : undefined;
      });
      if (!png) throw new NotFound('The company has no logo');
      return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' } });
    }, {
      permission: 'tenants.read',
      detail: {
        summary: 'The company logo as stored (PNG), printed at the top of its documents; 404 when there is none',
        tags: ['tenants'],
        responses: { 200: { description: 'The logo', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    })
    .delete('/tenants/me/logo', async ({ uow, set }) => {
      const removed = await uow.run((tx) => TenantService.deleteLogo(tx));
      if (removed) await kernel.files.delete(removed.tenantId, removed.key);
      set.status = 204;
    }, { permission: 'tenants.manage', detail: { summary: 'Remove the company logo', tags: ['tenants'], responses: noContent } });
};

/** Logos are served outside /api/v1 so an <img> can load them; the random token is the secret. */
export const logoRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:tenants:logos' })
    .get('/logos/:tenantId/:file', async ({ params }) => {
      const match = /^([0-9a-f]{32})\.png$/.exec(params.file);
      const notFound = () => new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
      if (!match || !/^[0-9a-f-]{36}$/.test(params.tenantId)) return notFound();
      const png = await kernel.unitOfWork(null).run((tx) => TenantService.logo(tx, match[1], kernel.files), { tenantId: params.tenantId });
      if (!png) return notFound();
      return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } });
    }, { detail: { summary: 'A company logo', tags: ['tenants'] } });
