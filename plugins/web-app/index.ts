import { definePlugin } from '../../kernel/plugin';
import { webAppRoutes } from './routes';

/**
 * The web application for people, served at /app from the same process. It talks to Cuadra only
 * through the public API (a client generated from /openapi.json), so it can do nothing a bot cannot.
 */
export default definePlugin({
  name: 'web-app',
  dependsOn: ['identity', 'tenants', 'contacts', 'ledger'],
  rootRoutes: webAppRoutes,
  setup(kernel) {
    // With no separate front end configured, the links Cuadra emails (email verification,
    // password reset, invitations) lead into this app rather than to bare API pages.
    if (!kernel.config.environment.FRONTEND_URL) kernel.config.frontendUrl = `${kernel.config.publicUrl}/app`;
  },
});
