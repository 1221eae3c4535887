import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';

/**
 * Where the emailed verification link lands when no separate front end is configured
 * (`FRONTEND_URL` unset, or equal to `PUBLIC_URL`): a small page served by Cuadra that tells the
 * outcome and what to do next, instead of a 404 at the API's root.
 */
export const EMAIL_VERIFICATION_PAGE = '/email-verification';

export type VerificationOutcome = 'verified' | 'already_verified' | 'invalid' | 'expired';

const MESSAGES: Record<VerificationOutcome, { title: string; body: string }> = {
  verified: { title: 'Email verified', body: 'Your email address is verified. You can close this page and sign in.' },
  already_verified: { title: 'Email already verified', body: 'This email address was verified before. You can sign in.' },
  invalid: { title: 'Link not valid', body: 'This verification link is not valid or was already used. Ask for a new one with POST /api/v1/auth/verify-email/resend.' },
  expired: { title: 'Link expired', body: 'This verification link has expired. Ask for a new one with POST /api/v1/auth/verify-email/resend.' },
};

/** Where the verification link redirects: the front end when there is one, else the page below. */
export function verificationRedirect(kernel: Kernel, outcome: VerificationOutcome): string {
  const { frontendUrl, publicUrl } = kernel.config;
  return frontendUrl === publicUrl
    ? `${publicUrl}${EMAIL_VERIFICATION_PAGE}?status=${outcome}`
    : `${frontendUrl}/?email_verification=${outcome}`;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Cuadra</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head><body><h1>${title}</h1><p>${body}</p><p><a href="/docs">API documentation</a></p></body></html>
`;

export const landingRoutes = () =>
  new Elysia({ name: 'cuadra:identity:landing' })
    .get(EMAIL_VERIFICATION_PAGE, ({ query }) => {
      const message = MESSAGES[query.status as VerificationOutcome] ?? MESSAGES.invalid;
      return new Response(page(message.title, message.body), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
      });
    }, { query: t.Object({ status: t.Optional(t.String({ maxLength: 40 })) }), detail: { hide: true } });
