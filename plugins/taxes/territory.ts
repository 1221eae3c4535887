import { EU_MEMBER_STATES, VAT_PREFIX_BY_COUNTRY } from './catalogue';

/** The 249 officially assigned ISO 3166-1 alpha-2 codes (no reserved or user-assigned ones such as XK, EU, IC). */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(`
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
  CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
  KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT
  MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
  UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.trim().split(/\s+/));

const EU = new Set(EU_MEMBER_STATES);

export const isIsoCountry = (code: string): boolean => ISO_COUNTRY_CODES.has(code);
export const isEuMemberState = (country: string): boolean => EU.has(country);
/** The prefix of a Member State's VAT numbers: the ISO code except Greece (EL). */
export const vatPrefixOf = (country: string): string => VAT_PREFIX_BY_COUNTRY[country] ?? country;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * Provinces (and islands people write in the province field) of the Canary Islands, Ceuta and
 * Melilla. Exact matches on folded text: "La Palma" is a Canary island, "Palma" is Mallorca.
 */
const OUTSIDE_TERRITORY_PROVINCES = new Set([
  'las palmas', 'palmas las', 'las palmas de gran canaria', 'santa cruz de tenerife', 's c tenerife', 'sc tenerife',
  'canarias', 'islas canarias', 'canary islands', 'tenerife', 'gran canaria', 'lanzarote', 'fuerteventura',
  'la palma', 'la gomera', 'el hierro', 'ceuta', 'melilla',
]);
/** Spanish postal codes start with the province number: 35 Las Palmas, 38 Santa Cruz de Tenerife, 51 Ceuta, 52 Melilla. */
const OUTSIDE_TERRITORY_POSTAL_PREFIXES = new Set(['35', '38', '51', '52']);

/**
 * Art. 3 LIVA: the Canary Islands, Ceuta and Melilla are Spain but outside the Spanish VAT
 * territory (IGIC / IPSI apply there). Only meaningful for addresses in Spain.
 */
export function isOutsideSpanishVatTerritory(address: { country: string; province?: string | null; postal_code?: string | null }): boolean {
  if (address.country !== 'ES') return false;
  const postal = address.postal_code?.replace(/\s+/g, '');
  if (postal && /^\d{5}$/.test(postal) && OUTSIDE_TERRITORY_POSTAL_PREFIXES.has(postal.slice(0, 2))) return true;
  return !!address.province && OUTSIDE_TERRITORY_PROVINCES.has(fold(address.province));
}
