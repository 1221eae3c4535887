import { Elysia } from 'elysia';
import { join } from 'node:path';
import type { Kernel } from '../../kernel/kernel';
import { buildWebApp, type WebAppBuild } from './build';

/** Only the app's own origin: no CDN, no inline script or style, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'",
  "connect-src 'self'", "frame-src 'self' blob:", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * /app and everything under it. Hashed files under /app/assets/ are cached for a year; any other
 * path answers the app's page (not cached), so a deep link or a reload lands in the app, which
 * routes on the client. The bundle is built on the first request after a start whose sources
 * have no build yet, then read from DATA_DIR/web-app.
 */
export function webAppRoutes(kernel: Kernel) {
  let pending: Promise<WebAppBuild> | undefined;
  const build = () => (pending ??= buildWebApp(join(kernel.config.dataDir, 'web-app')).catch((error) => {
    pending = undefined;
    kernel.logger.error('web app build failed', { error: String(error?.stack ?? error) });
    throw error;
  }));
  const unavailable = () => new Response(JSON.stringify({ detail: 'The web application could not be built; the server log says why' }), {
    status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });

  const page = async () => {
    const built = await build().catch(() => undefined);
    if (!built) return unavailable();
    return new Response(built.html, { headers: { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
  };

  return new Elysia({ name: 'cuadra:web-app' })
    .get('/app', page, { detail: { hide: true } })
    .get('/app/assets/:file', async ({ params, request }) => {
      const built = await build().catch(() => undefined);
      if (!built) return unavailable();
      const asset = Object.hasOwn(built.assets, params.file) ? built.assets[params.file] : undefined;
      if (!asset) return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
      const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
      return new Response(Bun.file(join(built.dir, gzip ? `${asset.file}.gz` : asset.file)), {
        headers: {
          ...SECURITY_HEADERS,
          'content-type': asset.contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          vary: 'accept-encoding',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        },
      });
    }, { detail: { hide: true } })
    .get('/app/*', page, { detail: { hide: true } });
}
