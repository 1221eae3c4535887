/** What other plugins may use from the tenants plugin. */
export { TenantService, tenantToJson, type TenantInput } from './service';
export { TenantMe, CreateTenantRequest } from './schemas';
export { companyJsonSql } from './reads';
