import { definePlugin } from '../../kernel/plugin';
import type { Kernel } from '../../kernel/kernel';
import { rolesFrom } from '../../kernel/roles';
import { persistentSecret } from '../../kernel/secrets';
import { SecretBox } from '../../lib/secret-box';
import type { Tx } from '../../kernel/uow';
import type { CertificateState, XmlSigner } from '../einvoice/api';
import { migrations } from './migrations';
import { companyCertificateRoutes } from './routes';
import { companyCertificateModels } from './schemas';
import { CompanyCertificates } from './service';
import { companyCertificateSettings } from './settings';
import { signFacturaeXml, verifyXadesXml } from './xades';
import { archivePart } from './archive';

let kernel: Kernel;
let box: SecretBox;

/**
 * The company's electronic certificate (PKCS#12), kept encrypted, and the `einvoice-signing`
 * contribution built on it: the company's Facturae are signed XAdES-EPES with it, and received
 * signatures are verified.
 */
export default definePlugin({
  name: 'company-certificate',
  dependsOn: ['tenants', 'einvoice'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: companyCertificateModels,
  settings: companyCertificateSettings,
  permissions: { 'company-certificate.manage': rolesFrom('admin') },
  setup(k) {
    kernel = k;
    box = new SecretBox(persistentSecret(k.config.dataDir, 'company-certificate', k.settings(companyCertificateSettings).COMPANY_CERTIFICATE_ENCRYPTION_KEY));
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        if (payload.allows('company-certificate.manage')) payload.sections['company-certificate'] = await CompanyCertificates.exportSection(tx);
      },
      'tenant.erasing': (tx) => CompanyCertificates.erase(tx),
    },
  },
  contributes: {
    'einvoice-signing': [{
      name: 'company-certificate',
      async signerFor(tenantId: string, tx?: Tx): Promise<XmlSigner | null> {
        const key = tx ? await CompanyCertificates.signingKey(tx, box) : await kernel.unitOfWork(null).run((own) => CompanyCertificates.signingKey(own, box), { tenantId });
        return key ? { sign: (xml) => signFacturaeXml(xml, key) } : null;
      },
      certificateState: (tx: Tx) => CompanyCertificates.state(tx),
      verifier: { verify: verifyXadesXml },
    }],
  },
  routes: (k) => companyCertificateRoutes(k, () => box),
});
