import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { IdentityApi } from '../identity/api';
import type { MfaService } from './service';
import { mfaModels } from './schemas';

const tags = ['auth'];

export const mfaRoutes = (kernel: Kernel, mfa: () => MfaService) =>
  new Elysia({ name: 'cuadra:mfa', prefix: '/auth/mfa' })
    .use(kernel.http)
    .model(mfaModels)
    .get('/status', ({ principal, uow }) => uow.run((tx) => mfa().status(tx, principal.userId), { tenantId: null }),
      { signedIn: 'session', response: { 200: 'MfaStatusResponse' }, detail: { summary: 'Whether MFA is enabled or waiting for activation, and recovery codes left', tags } })
    .post('/setup', ({ principal, uow }) => uow.run((tx) => mfa().setup(tx, principal.userId), { tenantId: null }),
      { signedIn: 'session', response: { 200: 'MfaSetupResponse' }, detail: { summary: 'Start (or restart) MFA setup: a new pending TOTP secret and its otpauth:// URI; 409 while MFA is enabled', tags } })
    .post('/activate', async ({ principal, uow, body }) => {
      const result = await uow.run((tx) => mfa().activate(tx, principal.userId, body.code), { tenantId: null });
      await notify(kernel, principal.userId, true);
      return result;
    }, { signedIn: 'session', body: 'MfaActivateRequest', response: { 200: 'MfaActivateResponse' }, detail: { summary: 'Enable MFA with a code for the pending secret; returns 10 one-time recovery codes, shown only here', tags } })
    .post('/disable', async ({ principal, uow, body, set }) => {
      await uow.run((tx) => mfa().disable(tx, principal.userId, body), { tenantId: null });
      await notify(kernel, principal.userId, false);
      set.status = 204;
    }, { signedIn: 'session', body: 'MfaDisableRequest', detail: { summary: 'Disable MFA with the password or a current TOTP/recovery code; removes the secret and the recovery codes', tags, responses: noContent } });

/** Tells the account holder that MFA changed (ASVS 6.3.7); a mail failure never undoes the change. */
async function notify(kernel: Kernel, userId: string, enabled: boolean) {
  try {
    const user = await kernel.unitOfWork(null).run((tx) => IdentityApi.user(tx, userId), { tenantId: null });
    if (!user) return;
    await kernel.mail.send({
      to: user.email,
      subject: enabled ? 'Has activado la verificación en dos pasos en Cuadra' : 'Has desactivado la verificación en dos pasos en Cuadra',
      text: enabled
        ? 'Hola:\n\nLa verificación en dos pasos está activada en tu cuenta de Cuadra. Guarda los códigos de recuperación en un lugar seguro.\n\nSi no has sido tú, cambia tu contraseña cuanto antes.\n'
        : 'Hola:\n\nLa verificación en dos pasos se ha desactivado en tu cuenta de Cuadra.\n\nSi no has sido tú, cambia tu contraseña y vuelve a activarla cuanto antes.\n',
    });
  } catch (error) {
    kernel.logger.warn('MFA notification not sent', { error });
  }
}
