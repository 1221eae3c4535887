import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { session } from '../session';

/**
 * The only way the app talks to Cuadra: openapi-fetch typed by the declarations generated from
 * /openapi.json (schema.d.ts). Same origin, so no base URL and no CORS.
 */
export const api = createClient<paths>({ baseUrl: '' });

const authorization: Middleware = {
  onRequest({ request }) {
    const token = session.token();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response, request }) {
    // An expired or revoked session: forget it so the app shows the login page. (Logging in and
    // accepting an invitation answer 401 about the credentials typed, not about the session.)
    if (response.status === 401 && request.headers.has('authorization') && !/\/auth\/(login|invitations\/[^/]+\/accept)$/.test(new URL(request.url).pathname)) session.clear();
    return response;
  },
};
api.use(authorization);

export type Schemas = components['schemas'];
export type ValidationError = Schemas['ValidationError'];

/** What a failed call tells the user: field messages from a 422, else the API's detail. */
export interface Problem { fields: Record<string, string>; message?: string; status?: number }

/** Field messages keyed by the body field they point at (`["body", "vat"]` → `vat`; nested ones also by their path, `lines.0.unit_price`). */
export function problemOf(error: unknown, status?: number): Problem {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (Array.isArray(detail)) {
    const fields: Record<string, string> = {};
    let message: string | undefined;
    for (const item of detail as ValidationError[]) {
      const field = item.loc[0] === 'body' && typeof item.loc[1] === 'string' ? item.loc[1] : undefined;
      if (field) {
        fields[field] ??= item.msg;
        // a nested field too, by its whole path: ["body", "lines", 0, "unit_price"] → "lines.0.unit_price"
        if (item.loc.length > 2) fields[item.loc.slice(1).join('.')] ??= item.msg;
      } else message ??= item.msg;
    }
    return { fields, message, status };
  }
  return { fields: {}, message: typeof detail === 'string' ? detail : undefined, status };
}
