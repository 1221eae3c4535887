/** What other plugins may use from the audit plugin. */
export { lastActivityByTenant } from './entries';
