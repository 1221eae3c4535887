/** What other plugins may use from the taxes plugin. */
export { TaxService, taxTypeToJson, seededTaxTypeId, formatRate, type OssStatus } from './service';
export { TaxType } from './entities';
export { EU_MEMBER_STATES, OSS_THRESHOLD_EUR, SERVICE_REVENUE_ACCOUNT, TAX_CATALOGUE, type TaxKind, type TaxRegime, type TaxTypeSeed } from './catalogue';
export { isEuMemberState, isIsoCountry, isOutsideSpanishVatTerritory, vatPrefixOf, ISO_COUNTRY_CODES } from './territory';
export { taxTypesJsonSql } from './reads';
export { chargesSpanishVat, issuedQualification, issuedRegimeKey, type IssuedQualification } from './qualification';
