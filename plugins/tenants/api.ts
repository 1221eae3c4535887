/** What other plugins may use from the tenants plugin. */
export { registryOf, TenantService, tenantToJson, type TenantInput, type TenantKind } from './service';
export { TenantDirectory, type DirectoryEntry } from './directory';
export { PAYMENT_METHODS, registryLine, type MercantileRegistry, type PaymentMethod } from './document-details';
export { TenantMe, CreateTenantRequest } from './schemas';
export { companyJsonSql } from './reads';
export type { ArchivePart, ArchiveTable } from './archive-point';
