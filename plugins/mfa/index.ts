import { definePlugin } from '../../kernel/plugin';
import '../identity/hooks';
import { MfaCredential, MfaRecoveryCode } from './entities';
import { migrations } from './migrations';
import { mfaRoutes } from './routes';
import { mfaModels } from './schemas';
import { mfaSettings } from './settings';
import { MfaService } from './service';

let mfa: MfaService;

export default definePlugin({
  name: 'mfa',
  dependsOn: ['identity'],
  // MFA belongs to the person, not to a company.
  globalEntities: [MfaCredential, MfaRecoveryCode],
  migrations,
  models: mfaModels,
  settings: mfaSettings,
  rateLimits: [
    { name: 'mfa', method: 'POST', path: '/api/v1/auth/mfa/activate', limit: 10, windowSeconds: 60, by: 'principal' },
    { name: 'mfa', method: 'POST', path: '/api/v1/auth/mfa/disable', limit: 10, windowSeconds: 60, by: 'principal' },
  ],
  setup(kernel) {
    mfa = new MfaService(kernel);
  },
  hooks: {
    sync: {
      'identity.login-second-factor': (tx, payload) => mfa.checkSignIn(tx, payload),
      'account.exporting-user': async (tx, payload) => { payload.sections.mfa = await mfa.exportSection(tx, payload.userId); },
      'identity.describe-user': async (tx, payload) => { payload.facts.mfa_enabled = await mfa.isEnabled(tx, payload.userId); },
    },
  },
  routes: (kernel) => mfaRoutes(kernel, () => mfa),
});
