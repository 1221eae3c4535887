import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import type { SecretBox } from '../../lib/secret-box';
import { companyCertificateModels } from './schemas';
import { CompanyCertificates, MAX_CERTIFICATE_BYTES } from './service';

export const companyCertificateRoutes = (kernel: Kernel, box: () => SecretBox) =>
  new Elysia({ name: 'cuadra:company-certificate' })
    .use(kernel.http)
    .model(companyCertificateModels)
    .post('/tenants/me/certificate', async ({ uow, body }) => {
      const file = new Uint8Array(await body.file.arrayBuffer());
      return uow.run((tx) => CompanyCertificates.upload(tx, box(), file, body.password));
    }, {
      permission: 'company-certificate.manage',
      maxBodyBytes: MAX_CERTIFICATE_BYTES + 64 * 1024,
      body: t.Object({
        file: t.File({ description: 'The certificate with its private key, PKCS#12 (.p12 / .pfx)' }),
        password: t.String({ maxLength: 1024, description: "The PKCS#12 file's password" }),
      }, { $id: 'Body_upload_certificate_api_v1_tenants_me_certificate_post' }),
      response: { 200: 'CompanyCertificate' },
      detail: {
        summary: "Upload the company's certificate (PKCS#12 and its password) to sign its Facturae",
        description: 'Replaces any previous certificate. Refused (422, with the reason) for a file that is not PKCS#12, a wrong password, '
          + "a file without private key, a certificate expired or not yet valid, or one whose NIF is not the company's. The key is stored encrypted and never returned.",
        tags: ['tenants'],
      },
    })
    .get('/tenants/me/certificate', ({ uow }) => uow.run((tx) => CompanyCertificates.get(tx)), {
      permission: 'company-certificate.manage',
      response: { 200: 'CompanyCertificate' },
      detail: { summary: "The company's certificate: subject, NIF, issuer, validity (never the key); 404 when there is none", tags: ['tenants'] },
    })
    .delete('/tenants/me/certificate', async ({ uow, set }) => {
      await uow.run((tx) => CompanyCertificates.remove(tx));
      set.status = 204;
    }, {
      permission: 'company-certificate.manage',
      detail: { summary: "Remove the company's certificate (its Facturae are then unsigned); 404 when there is none", tags: ['tenants'], responses: noContent },
    });
