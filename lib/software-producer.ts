import { Type } from '@sinclair/typebox';
import { defineSettings, readSettings } from '../kernel/settings';
import { isValidSpanishTaxId, normaliseTaxId } from './spanish-tax-id';
import packageJson from '../package.json';

/**
 * Who produced the invoicing software this deployment runs, and which installation it is: the
 * "productor" of RD 1007/2023, whom the AEAT's records name in `SistemaInformatico` (name, tax
 * number, system name and id, version, installation number), and whose tax number the DR303 file
 * carries as "NIF empresa desarrollo". It is the same for every company of a deployment, so it is
 * configuration of the deployment, never a company's data.
 *
 * Two plugins need it (verifactu for its records, tax-models for the import files it renders), and
 * a setting belongs to one plugin only: the variables are declared here, once, and read by
 * `softwareProducer(kernel.config)`. Both plugins call it at start-up, so a wrong value stops
 * start-up naming the variable, like any plugin setting.
 *
 * Cuadra's open-source project is not a company with a tax number: no tax number is invented.
 * Until `SOFTWARE_PRODUCER_TAX_ID` is set, `configured` is false and `taxId` holds the marked
 * placeholder `SINCONFIG` (nine characters, as the record design's NIF takes, and no valid NIF):
 * whoever builds or distributes the deployment as its producer sets name and tax number. What each
 * file does without them is decided by its plugin (docs/domain/verifactu.md §7).
 */
export const softwareProducerSettings = defineSettings({
  SOFTWARE_PRODUCER_NAME: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: "the software producer's name or company name (required with SOFTWARE_PRODUCER_TAX_ID)" })),
  SOFTWARE_PRODUCER_TAX_ID: Type.Optional(Type.String({
    minLength: 4, maxLength: 20, pattern: '^[0-9A-Za-z .\\-]+$',
    description: "the software producer's tax number: a Spanish NIF, or another EU country's VAT number with its prefix (written as IDOtro, type 02)",
  })),
  SOFTWARE_SYSTEM_NAME: Type.String({ minLength: 1, maxLength: 30, default: 'Cuadra', description: 'the invoicing system\'s name (NombreSistemaInformatico), at most 30 characters' }),
  SOFTWARE_SYSTEM_ID: Type.String({ pattern: '^[0-9A-Za-z]{1,2}$', default: 'CU', description: 'the producer\'s code of the system (IdSistemaInformatico), one or two letters or digits' }),
  SOFTWARE_VERSION: Type.String({ minLength: 1, maxLength: 50, default: packageJson.version, description: 'the system\'s version (Version), at most 50 characters' }),
  SOFTWARE_INSTALLATION_NUMBER: Type.Optional(Type.String({
    minLength: 1, maxLength: 100, description: 'the installation\'s number (NumeroInstalacion), at most 100 characters; unset: the host name of PUBLIC_URL',
  })),
});

/** The placeholder tax number while no producer is configured: marked, and never a valid NIF. */
export const UNCONFIGURED_PRODUCER_TAX_ID = 'SINCONFIG';
export const UNCONFIGURED_PRODUCER_NAME = 'Cuadra (productor sin configurar: SOFTWARE_PRODUCER_TAX_ID)';

export interface SoftwareProducer {
  /** False until SOFTWARE_PRODUCER_TAX_ID is set: `taxId` is then the placeholder. */
  configured: boolean;
  name: string;
  /** A Spanish NIF (9 characters, no ES prefix), the placeholder, or, with `foreign`, an EU VAT number with its prefix. */
  taxId: string;
  /** An EU producer without a Spanish NIF: its country (ISO 3166) for IDOtro. */
  foreign: { country: string } | null;
  systemName: string;
  systemId: string;
  version: string;
  installationNumber: string;
}

/** The VAT number prefixes of the other EU Member States (Greece's is EL, its ISO code GR). */
const EU_VAT_PREFIXES = new Set('AT BE BG CY CZ DE DK EE EL FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));
const countryOfVatPrefix = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

const cache = new WeakMap<object, SoftwareProducer>();

/**
 * The producer as the deployment configures it (the kernel's `config`: its environment, and
 * PUBLIC_URL for the default installation number); throws naming the variable when a value is
 * wrong, or when a tax number comes without its name.
 */
export function softwareProducer(config: { environment: Record<string, string | undefined>; publicUrl?: string }): SoftwareProducer {
  const known = cache.get(config);
  if (known) return known;
  const values = readSettings('software producer', softwareProducerSettings, config.environment);
  const fail = (variable: string, problem: string) => { throw new Error(`Invalid settings of the software producer: ${variable}: ${problem}`); };
  let taxId = UNCONFIGURED_PRODUCER_TAX_ID;
  let foreign: SoftwareProducer['foreign'] = null;
  if (values.SOFTWARE_PRODUCER_TAX_ID) {
    const clean = values.SOFTWARE_PRODUCER_TAX_ID.toUpperCase().replace(/[\s.\-]/g, '');
    if (isValidSpanishTaxId(clean)) taxId = normaliseTaxId(clean);
    else if (/^[A-Z]{2}[0-9A-Z]{2,18}$/.test(clean) && EU_VAT_PREFIXES.has(clean.slice(0, 2))) {
      taxId = clean;
      foreign = { country: countryOfVatPrefix(clean.slice(0, 2)) };
    } else fail('SOFTWARE_PRODUCER_TAX_ID', 'not a valid Spanish NIF, nor an EU VAT number of another country with its prefix');
    if (!values.SOFTWARE_PRODUCER_NAME?.trim()) fail('SOFTWARE_PRODUCER_NAME', 'required with SOFTWARE_PRODUCER_TAX_ID (the name the tax number belongs to)');
  } else if (values.SOFTWARE_PRODUCER_NAME) {
    fail('SOFTWARE_PRODUCER_TAX_ID', 'required with SOFTWARE_PRODUCER_NAME (a producer is named with its tax number)');
  }
  let host = 'cuadra';
  try { if (config.publicUrl) host = new URL(config.publicUrl).host || host; } catch { /* not a URL: the fixed name */ }
  const producer: SoftwareProducer = {
    configured: taxId !== UNCONFIGURED_PRODUCER_TAX_ID,
    name: values.SOFTWARE_PRODUCER_TAX_ID ? values.SOFTWARE_PRODUCER_NAME!.trim() : UNCONFIGURED_PRODUCER_NAME,
    taxId, foreign,
    systemName: values.SOFTWARE_SYSTEM_NAME, systemId: values.SOFTWARE_SYSTEM_ID, version: values.SOFTWARE_VERSION,
    installationNumber: (values.SOFTWARE_INSTALLATION_NUMBER ?? host).slice(0, 100),
  };
  cache.set(config, producer);
  return producer;
}
