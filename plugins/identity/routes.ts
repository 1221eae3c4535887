import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { Forbidden } from '../../kernel/errors';
import { noContent } from '../../kernel/openapi';
import { PASSWORD_CHANGE_REQUIRED } from '../../kernel/principal';
import { verificationRedirect } from './landing';
import { identityModels } from './schemas';
import type { IdentityService } from './service';

const tags = ['auth'];

export const identityRoutes = (kernel: Kernel, identity: IdentityService) =>
  new Elysia({ name: 'cuadra:identity', prefix: '/auth' })
    .use(kernel.http)
    .model(identityModels)
    .post('/register', async ({ body, set }) => {
      set.status = 201;
      return identity.register(body);
    }, { body: 'RegisterRequest', response: { 201: 'RegisterResponse' }, detail: { summary: 'Create an account and send the verification email', tags } })
    .get('/verify-email', async ({ query, redirect }) => {
      const status = await identity.verifyEmail(query.token);
      return redirect(verificationRedirect(kernel, status), 302);
    }, {
      query: t.Object({ token: t.String({ minLength: 1, maxLength: 200 }) }),
      detail: { summary: 'Follow the emailed verification link; always redirects (302) to the front end with ?email_verification=verified|already_verified|invalid|expired, or, when no FRONTEND_URL is configured, to a confirmation page served by Cuadra', tags, responses: { 302: { description: 'Redirect to FRONTEND_URL (or to Cuadra\'s own confirmation page when none is configured)' } } },
    })
    .post('/verify-email/resend', async ({ body, request, set }) => {
      const principal = request.headers.has('authorization') ? await kernel.authenticate(request) : null;
      if (principal?.passwordChangeRequired) throw new Forbidden(PASSWORD_CHANGE_REQUIRED);
      await identity.resendVerification(principal, body?.email);
      set.status = 204;
    }, {
      body: t.Optional(identityModels.ResendVerificationRequest),
      detail: { summary: 'Send the verification email again (with a session, or by email without one; answers 204 either way)', tags, 'x-auth-optional': true, 'x-body-optional': true, responses: noContent },
    })
    .post('/login', async ({ body, request }) => identity.login(body, kernel.clientIp(request)),
      { body: 'LoginRequest', response: { 200: 'LoginResponse' }, detail: { summary: 'Log in with email and password; repeated failures are refused with 429 per account and address (never locking the owner out of an address it signed in from)', tags } })
    .post('/google', async ({ body }) => identity.googleLogin(body),
      { body: 'IdentityProviderLoginRequest', response: { 200: 'LoginResponse' }, detail: { summary: 'Sign in with a Google ID token: a linked account, an account with the same verified email (linked), or a new account sent to onboarding; MFA applies', tags } })
    .get('/me', async ({ principal }) => identity.me(principal),
      { signedIn: 'password-change', response: { 200: 'MeResponse' }, detail: { summary: 'The signed-in user, active company and memberships (also for a session that must change its temporary password first: see password_change_required)', tags } })
    .post('/change-password', async ({ principal, body, set }) => {
      const session = await identity.changePassword(principal, body);
      set.status = 204;
      set.headers['x-access-token'] = session.access_token;
    }, {
      signedIn: 'password-change', body: 'ChangePasswordRequest',
      detail: {
        summary: 'Change the password; every earlier session stops working, and the new session token comes in the X-Access-Token header',
        tags,
        responses: { 204: { description: 'Changed; no body', headers: { 'X-Access-Token': { description: 'A new session token (the one used for this request no longer works)', schema: { type: 'string' } } } } },
      },
    })
    .post('/logout', async ({ principal, set }) => {
      await identity.logout(principal);
      set.status = 204;
    }, { signedIn: 'password-change', detail: { summary: 'End this session at once: its token (and any it was exchanged for) answers 401 from now on; other sessions go on', tags, responses: noContent } })
    .post('/forgot-password', async ({ body, set }) => {
      await identity.forgotPassword(body.email);
      set.status = 204;
    }, { body: 'ForgotPasswordRequest', detail: { summary: 'Email a single-use reset link valid for one hour (204 after the same work whether or not the email exists: the link is mailed after the answer, through the outbox)', tags, responses: noContent } })
    .post('/reset-password', async ({ body, set }) => {
      await identity.resetPassword(body);
      set.status = 204;
    }, { body: 'ResetPasswordRequest', detail: { summary: 'Set a new password with an emailed token; earlier sessions stop working', tags, responses: noContent } })
    .post('/onboarding/complete', async ({ principal, body }) => identity.createTenant(principal, body, true),
      { signedIn: 'session', body: 'OnboardingCompleteRequest', response: { 200: 'OnboardingCompleteResponse' }, detail: { summary: 'Create the first company; the user becomes its owner', tags } })
    .post('/tenants', async ({ principal, body, set }) => {
      set.status = 201;
      return identity.createTenant(principal, body, false);
    }, { signedIn: 'session', body: 'CreateTenantRequest', response: { 201: 'OnboardingCompleteResponse' }, detail: { summary: 'Create another company owned by the user', tags } })
    .post('/switch-tenant', async ({ principal, body }) => identity.switchTenant(principal, body.tenant_id),
      { signedIn: 'session', body: 'SwitchTenantRequest', response: { 200: 'LoginResponse' }, detail: { summary: 'A session for another company of the user', tags } })
    .post('/api-keys', async ({ principal, body, set }) => {
      set.status = 201;
      return identity.createApiKey(principal, body);
    }, { permission: 'api_keys.manage', body: 'ApiKeyCreate', response: { 201: 'ApiKeyCreateResponse' }, detail: { summary: 'Mint an API key (value shown once; role not above yours)', tags } })
    .get('/api-keys', async ({ principal }) => identity.listApiKeys(principal),
      { permission: 'api_keys.manage', response: { 200: t.Array(identityModels.ApiKeyListItem) }, detail: { summary: 'API keys of the company (yours, or all for admins)', tags } })
    .delete('/api-keys/:key_id', async ({ principal, params, set }) => {
      await identity.deleteApiKey(principal, params.key_id);
      set.status = 204;
    }, { permission: 'api_keys.manage', params: t.Object({ key_id: t.String({ format: 'uuid' }) }), detail: { summary: 'Delete an API key; it stops working at once', tags, responses: noContent } });
