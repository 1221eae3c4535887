/**
 * Built-in catalogue of Spanish tax types: IVA, recargo de equivalencia and IRPF withholdings.
 *
 * This file holds only data and types. It has no imports and no side effects.
 *
 * Sources: docs/domain/vat.md (§1 the modelo 303 casillas, §2 the rates, thresholds and the EU
 * list) and docs/domain/pgc-and-entries.md (the PGC accounts and entries). A value those pages do
 * not state is marked `// source: derived`, with the reasoning.
 *
 * Conventions:
 * - `rate` is a decimal string percentage with two decimals. It is never a JS number.
 * - No tax-model box is stored on a type: each model plugin owns its mapping from the register's
 *   rate, regime and kind to its boxes (aeat-303 `compute.ts`). The comments and descriptions
 *   below name the 303 casillas only to explain what a type is for.
 * - `sales.revenueAccount` is the default for a sale of goods (700x). A service sale uses the
 *   matching 705x account (see SERVICE_REVENUE_ACCOUNT, docs/domain/pgc-and-entries.md §1).
 * - `sales === null` / `purchases === null` means the type cannot be used on that side.
 *   `{}` means it can be used but posts no tax account.
 */

export type TaxKind = 'vat' | 'surcharge' | 'withholding';

export type TaxRegime =
  | 'domestic'
  | 'intra_eu'
  | 'export'
  | 'reverse_charge'
  | 'import'
  | 'oss'
  | 'exempt'
  | 'not_subject';

export interface TaxTypeSales {
  /** PGC account for the tax charged (e.g. 477 IVA repercutido, 473 retenciones soportadas). */
  account?: string;
  /** Default PGC revenue account (goods). */
  revenueAccount?: string;
  /** Mandatory invoice mention (art. 6.1.j RD 1619/2012), if any. */
  legend?: string;
}

export interface TaxTypePurchases {
  /** PGC account for the deductible (or withheld) amount (e.g. 472, 4751). */
  account?: string;
  /** Reverse charge: PGC account of the self-assessed output VAT (477). */
  selfAssessedAccount?: string;
}

export interface TaxTypeSeed {
  /** Stable code, e.g. 'IVA21'. */
  code: string;
  /** Spanish name shown to users. */
  name: string;
  kind: TaxKind;
  /** Decimal string percentage, e.g. '21.00'. */
  rate: string;
  regime: TaxRegime;
  /** ISO 3166-1 alpha-2, only for country-specific types (OSS). */
  country?: string;
  sales: TaxTypeSales | null;
  purchases: TaxTypePurchases | null;
  /** One line: when to use it, with the legal reference. */
  description: string;
}

/** PGC accounts used below (docs/domain/pgc-and-entries.md §1). */
const ACC = {
  ivaSoportado: '472',
  ivaRepercutido: '477',
  retencionesSoportadas: '473', // HP retenciones y pagos a cuenta (IRPF withheld from us)
  retencionesPracticadas: '4751', // HP acreedora por retenciones practicadas (modelo 111/115)
  ventasEspana: '7000',
  ventasIntracomunitarias: '7001',
  ventasExportacion: '7002',
  serviciosFueraUE: '7052',
} as const;

/**
 * Goods revenue account → the matching services account (docs/domain/pgc-and-entries.md §1: 700x ventas de
 * mercaderías, 705x prestaciones de servicios).
 */
export const SERVICE_REVENUE_ACCOUNT: Readonly<Record<string, string>> = {
  '7000': '7050', // España
  '7001': '7051', // intracomunitarias
  '7002': '7052', // fuera de la UE / exportación
};

/** Domestic deductible purchase: interior corrientes [28]/[29], bienes de inversión [30]/[31] (docs/domain/vat.md §1.3). */
const DOMESTIC_PURCHASES: TaxTypePurchases = {
  account: ACC.ivaSoportado,
};

export const TAX_CATALOGUE: readonly TaxTypeSeed[] = [
  // ---------------------------------------------------------------------------------------------
  // IVA, régimen general (domestic). Boxes: docs/domain/vat.md §1.2. The rate ("tipo") boxes 08/05/02/151
  // are constants of the form and are not stored here.
  // ---------------------------------------------------------------------------------------------
  {
    code: 'IVA21',
    name: 'IVA general 21%',
    kind: 'vat',
    rate: '21.00',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 (RG devengado 21%: 07/08/09), docs/domain/vat.md §1.3 (28/29, 30/31), docs/domain/pgc-and-entries.md §1 (472/477, 7000)
    sales: { account: ACC.ivaRepercutido, revenueAccount: ACC.ventasEspana },
    purchases: { ...DOMESTIC_PURCHASES },
    description:
      'Tipo general del 21% para entregas de bienes y prestaciones de servicios interiores (art. 90.Uno LIVA).',
  },
  {
    code: 'IVA10',
    name: 'IVA reducido 10%',
    kind: 'vat',
    rate: '10.00',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 (RG devengado 10%: 04/05/06), docs/domain/vat.md §1.3, docs/domain/pgc-and-entries.md §1
    sales: { account: ACC.ivaRepercutido, revenueAccount: ACC.ventasEspana },
    purchases: { ...DOMESTIC_PURCHASES },
    description:
      'Tipo reducido del 10%: alimentos en general, agua, hostelería y restauración, transporte de viajeros, vivienda (art. 91.Uno LIVA).',
  },
  {
    code: 'IVA4',
    name: 'IVA superreducido 4%',
    kind: 'vat',
    rate: '4.00',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 (RG devengado 4%: 01/02/03), docs/domain/vat.md §1.3, docs/domain/pgc-and-entries.md §1
    sales: { account: ACC.ivaRepercutido, revenueAccount: ACC.ventasEspana },
    purchases: { ...DOMESTIC_PURCHASES },
    description:
      'Tipo superreducido del 4%: pan, harinas, leche, quesos, huevos, frutas y verduras, aceite de oliva (desde 1-1-2025), libros y prensa, medicamentos, VPO (art. 91.Dos LIVA).',
  },
  {
    code: 'IVA0',
    name: 'IVA 0%',
    kind: 'vat',
    rate: '0.00',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 (RG devengado 0%: 150/151/152).
    // For periods from 2025 on, 150-152 stay at zero (docs/domain/vat.md §1.1).
    sales: { account: ACC.ivaRepercutido, revenueAccount: ACC.ventasEspana },
    // source: derived. A domestic purchase taxed at 0% reports its base in [28] with zero quota
    // (capital goods [30]). No standard mapping names a 0% purchase type.
    purchases: { ...DOMESTIC_PURCHASES },
    description:
      'Tipo temporal del 0% para alimentos básicos (art. 91 LIVA en relación con el RDL 20/2022 y sus prórrogas), vigente hasta el 30-09-2024; casillas 150-152. No usar para exenciones (EXENTO, IVAINTRA, EXPORT).',
  },

  // ---------------------------------------------------------------------------------------------
  // Exempt / not subject sales
  // ---------------------------------------------------------------------------------------------
  {
    code: 'EXENTO',
    name: 'Exento de IVA (sin derecho a deducción)',
    kind: 'vat',
    rate: '0.00',
    regime: 'exempt',
    // source: derived. Pages 01/03 of the 303 have no per-period box for art. 20 exempt
    // operations. They appear only in the annual volume box [83] "exentas sin derecho a deducción"
    // (page 04 of the last period / modelo 390, docs/domain/vat.md §1.4).
    sales: {
      revenueAccount: ACC.ventasEspana,
      legend: 'Operación exenta de IVA (art. 20 LIVA)',
    },
    // An exempt purchase (insurance, bank fees, medical services…) carries no VAT and feeds no box.
    purchases: {},
    description:
      'Operación interior exenta sin derecho a deducción: sanidad, educación, seguros, servicios financieros, arrendamiento de vivienda, etc. (art. 20 LIVA); solo cuenta en la casilla anual [83].',
  },
  {
    code: 'IVAINTRA',
    name: 'Entrega intracomunitaria exenta',
    kind: 'vat',
    rate: '0.00',
    regime: 'intra_eu',
    // source: docs/domain/vat.md §1.4 ([59] entregas intracomunitarias de bienes y servicios; annual [93]),
    // docs/domain/pgc-and-entries.md §1 and §3.4 (Cr 7001; 349 key "E").
    sales: {
      revenueAccount: ACC.ventasIntracomunitarias,
      legend: 'Entrega intracomunitaria exenta de IVA (art. 25 LIVA)',
    },
    purchases: null, // the purchase counterpart is RCINTRACOM
    description:
      'Entrega intracomunitaria de bienes a un empresario con NIF-IVA de otro Estado miembro, exenta con derecho a deducción (art. 25 LIVA); también servicios B2B a la UE (art. 69 LIVA, ingreso 7051, mención "Inversión del sujeto pasivo"); casilla 59 y modelo 349.',
  },
  {
    code: 'EXPORT',
    name: 'Exportación exenta',
    kind: 'vat',
    rate: '0.00',
    regime: 'export',
    // source: docs/domain/vat.md §1.4 ([60] exportaciones y operaciones asimiladas; annual [94]),
    // docs/domain/pgc-and-entries.md §3.4 (Cr 7002 exportación), docs/domain/vat.md §2.5 (Canarias, Ceuta y Melilla are exports).
    sales: {
      revenueAccount: ACC.ventasExportacion,
      legend: 'Exportación exenta de IVA (art. 21 LIVA)',
    },
    purchases: null, // the purchase counterpart is IMPORT
    description:
      'Exportación de bienes fuera de la UE, incluidos los envíos a Canarias, Ceuta y Melilla; exenta con derecho a deducción (art. 21 LIVA); casilla 60.',
  },
  {
    code: 'NOSUJETO',
    name: 'No sujeto a IVA (reglas de localización)',
    kind: 'vat',
    rate: '0.00',
    regime: 'not_subject',
    // source: docs/domain/vat.md §1.4 ([120] no sujetas por reglas de localización, excepto [123]; annual
    // [84]). The old casilla [61] was replaced by [120]/[122]/[123]/[124] in the 2021-07 form (docs/domain/vat.md §1.1).
    // source: derived. The revenue account is 7052 (services outside the EU) because these are
    // mostly B2B services located outside Spain.
    sales: {
      revenueAccount: ACC.serviciosFueraUE,
      legend: 'Operación no sujeta a IVA por reglas de localización (arts. 68 a 70 LIVA)',
    },
    // A purchase that is not subject in Spain feeds no box.
    purchases: {},
    description:
      'Operación no sujeta al IVA español por las reglas de localización, p. ej. servicios B2B a clientes fuera de la UE o en Canarias (arts. 68-70 LIVA); casilla 120.',
  },
  {
    code: 'OSS',
    name: 'IVA ventanilla única (OSS)',
    kind: 'vat',
    rate: '0.00',
    regime: 'oss',
    // source: docs/domain/vat.md §1.4 ([123] no sujetas por reglas de localización acogidas a ventanilla
    // única), docs/domain/vat.md §2.3 (threshold, art. 73 LIVA).
    // source: derived. VAT due to another Member State is declared in modelo 369, not in the 303,
    // so it is kept apart from 477 in sub-account 4779. Revenue goes to 7001 (intracomunitarias).
    sales: {
      account: '4779',
      revenueAccount: ACC.ventasIntracomunitarias,
    },
    purchases: null,
    description:
      'Ventas a distancia de bienes y servicios TBE a consumidores de otros Estados miembros por encima de 10.000 € (art. 73 LIVA), declaradas en la ventanilla única (modelo 369); el tipo 0.00 es un marcador: se aplica el tipo del país de destino, y cada tenant crea sus tipos OSS por país (country).',
  },
  {
    code: 'ISPVENTA',
    name: 'Venta con inversión del sujeto pasivo',
    kind: 'vat',
    rate: '0.00',
    regime: 'reverse_charge',
    // source: docs/domain/vat.md §1.4 ([122] operaciones sujetas con inversión del sujeto pasivo; fed by
    // our reverse-charge sales; annual [125]). A type of its own because the purchase-side ISP type
    // carries 21% for the buyer's self-assessment, so it cannot invoice a sale without VAT.
    sales: {
      revenueAccount: ACC.ventasEspana,
      legend: 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA)',
    },
    purchases: null, // the buyer uses ISP
    description:
      'Venta interior sujeta en la que el cliente empresario es el sujeto pasivo (obras de construcción, chatarra, móviles, tabletas y portátiles, etc.; art. 84.Uno.2º LIVA); se factura sin IVA; casilla 122.',
  },

  // ---------------------------------------------------------------------------------------------
  // Reverse charge and imports (purchase side)
  // ---------------------------------------------------------------------------------------------
  {
    code: 'RCINTRACOM',
    name: 'IVA 21% adquisición intracomunitaria (inversión del sujeto pasivo)',
    kind: 'vat',
    rate: '21.00',
    regime: 'intra_eu',
    sales: null, // the sale counterpart is IVAINTRA
    // source: docs/domain/vat.md §1.2 ([10]/[11] devengado, cuota on 477), docs/domain/vat.md §1.3 ([36]/[37] corrientes,
    // [38]/[39] bienes de inversión, cuota on 472), docs/domain/vat.md §1.5 and docs/domain/pgc-and-entries.md §2 (net zero), docs/domain/pgc-and-entries.md §3.3.
    purchases: {
      account: ACC.ivaSoportado,
      selfAssessedAccount: ACC.ivaRepercutido,
    },
    description:
      'Adquisición intracomunitaria de bienes (arts. 13, 15 y 85 LIVA) o servicios B2B de un proveedor de la UE (art. 84.Uno.2º LIVA): autorrepercusión en 10/11 y deducción en 36/37 (o 38/39 si es bien de inversión); modelo 349 clave A/I.',
  },
  {
    code: 'ISP',
    name: 'IVA 21% inversión del sujeto pasivo',
    kind: 'vat',
    rate: '21.00',
    regime: 'reverse_charge',
    sales: null, // our own ISP sales use ISPVENTA
    // source: docs/domain/vat.md §1.2 ([12]/[13], cuota on 477), docs/domain/vat.md §1.3 ([28]/[29]; capital goods [30]/[31]),
    // docs/domain/vat.md §1.5, docs/domain/pgc-and-entries.md §2.
    purchases: {
      account: ACC.ivaSoportado,
      selfAssessedAccount: ACC.ivaRepercutido,
    },
    description:
      'Inversión del sujeto pasivo interior (construcción, chatarra, etc.) o servicios de proveedores de fuera de la UE (art. 84.Uno.2º LIVA): autorrepercusión en 12/13 y deducción en 28/29 (30/31 si es bien de inversión).',
  },
  {
    code: 'IMPORT',
    name: 'IVA 21% importación (DUA)',
    kind: 'vat',
    rate: '21.00',
    regime: 'import',
    sales: null, // the sale counterpart is EXPORT
    // source: docs/domain/vat.md §1.3 ([32]/[33] corrientes, [34]/[35] bienes de inversión), docs/domain/pgc-and-entries.md §2 (472 only,
    // with no 477 leg because the VAT is paid to customs), docs/domain/vat.md §2.5.
    purchases: {
      account: ACC.ivaSoportado,
    },
    description:
      'IVA liquidado por la Aduana en la importación de bienes, incluidos los que llegan de Canarias, Ceuta y Melilla (arts. 17, 18 y 83 LIVA); el justificante es el DUA, no la factura del proveedor; deducible en 32/33 (34/35 si es bien de inversión).',
  },

  // ---------------------------------------------------------------------------------------------
  // Recargo de equivalencia (art. 154-163 LIVA; rates art. 161, docs/domain/vat.md §2.1).
  // The seller charges RE together with the matching VAT. For the retailer under RE, neither
  // VAT nor RE is deductible: it is part of the cost (Dr 600), and no 303 is filed for that
  // activity (docs/domain/pgc-and-entries.md §3.7). So `purchases` is {} (usable, feeds no box, no tax account).
  // Note: some localisations map the recargo charged to us to [28]/[29]; Cuadra follows the legal
  // rule instead (not deductible). source: derived. Sales post the recargo to 477 itself; a 477x
  // sub-account is a common alternative (docs/domain/pgc-and-entries.md §3.7).
  // ---------------------------------------------------------------------------------------------
  {
    code: 'RE52',
    name: 'Recargo de equivalencia 5,2%',
    kind: 'surcharge',
    rate: '5.20',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 ([22]/[23]/[24] RE 5.2%), docs/domain/pgc-and-entries.md §3.7
    sales: { account: ACC.ivaRepercutido },
    purchases: {},
    description:
      'Recargo de equivalencia del 5,2% junto al IVA del 21% en ventas a minoristas en recargo de equivalencia (art. 161 LIVA); no deducible para el minorista.',
  },
  {
    code: 'RE14',
    name: 'Recargo de equivalencia 1,4%',
    kind: 'surcharge',
    rate: '1.40',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 ([19]/[20]/[21] RE 1.4%)
    sales: { account: ACC.ivaRepercutido },
    purchases: {},
    description:
      'Recargo de equivalencia del 1,4% junto al IVA del 10% en ventas a minoristas en recargo de equivalencia (art. 161 LIVA); no deducible para el minorista.',
  },
  {
    code: 'RE05',
    name: 'Recargo de equivalencia 0,5%',
    kind: 'surcharge',
    rate: '0.50',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.1 and §1.2 ([168]/[169]/[170]: "Recargo equivalencia 0.5%" from 2025; before
    // 2025 the 0.5% recargo was declared in [16]/[18]).
    sales: { account: ACC.ivaRepercutido },
    purchases: {},
    description:
      'Recargo de equivalencia del 0,5% junto al IVA del 4% en ventas a minoristas en recargo de equivalencia (art. 161 LIVA); casillas 168-170 desde 2025; no deducible para el minorista.',
  },
  {
    code: 'RE175',
    name: 'Recargo de equivalencia 1,75% (tabaco)',
    kind: 'surcharge',
    rate: '1.75',
    regime: 'domestic',
    // source: docs/domain/vat.md §1.2 ([156]/[157]/[158] RE 1.75%, tipo "00175"), docs/domain/vat.md §2.1
    sales: { account: ACC.ivaRepercutido },
    purchases: {},
    description:
      'Recargo de equivalencia del 1,75% en entregas de labores del tabaco a minoristas en recargo de equivalencia (art. 161 LIVA); no deducible para el minorista.',
  },

  // ---------------------------------------------------------------------------------------------
  // IRPF withholdings (not part of the 303). Sales: the customer withholds from us → 473 (the amount
  // is deducted from the invoice total). Purchases: we withhold from the supplier → 4751, declared in
  // modelo 111 (box [02] base / [03] retención) or, for rents, modelo 115.
  // source: docs/domain/pgc-and-entries.md §1, §2 and §3.2; docs/domain/vat.md §2.2
  // ---------------------------------------------------------------------------------------------
  {
    code: 'IRPF15',
    name: 'Retención IRPF 15%',
    kind: 'withholding',
    rate: '15.00',
    regime: 'domestic',
    sales: { account: ACC.retencionesSoportadas },
    purchases: { account: ACC.retencionesPracticadas },
    description:
      'Retención general del 15% sobre rendimientos de actividades profesionales (art. 101.5 LIRPF, art. 95.1 RIRPF); modelo 111.',
  },
  {
    code: 'IRPF7',
    name: 'Retención IRPF 7% (inicio de actividad)',
    kind: 'withholding',
    rate: '7.00',
    regime: 'domestic',
    sales: { account: ACC.retencionesSoportadas },
    purchases: { account: ACC.retencionesPracticadas },
    description:
      'Retención reducida del 7% para profesionales en el año de inicio de actividad y los dos siguientes, previa comunicación escrita al pagador (art. 95.1 RIRPF); modelo 111.',
  },
  {
    code: 'IRPF19',
    name: 'Retención IRPF 19% (arrendamientos)',
    kind: 'withholding',
    rate: '19.00',
    regime: 'domestic',
    // source: derived. docs/domain/vat.md §2.2 notes that 19% no longer applies to professionals. 19% is the
    // textbook rate on rents of urban premises (modelo 115) and on capital income (modelo 123).
    // The accounts are the same as for the other withholdings.
    sales: { account: ACC.retencionesSoportadas },
    purchases: { account: ACC.retencionesPracticadas },
    description:
      'Retención del 19% sobre arrendamientos de inmuebles urbanos (art. 101.8 LIRPF, art. 100 RIRPF; modelo 115) y rendimientos del capital mobiliario (modelo 123); no aplicable a profesionales.',
  },
];

/**
 * The 27 EU Member States as ISO 3166-1 alpha-2 codes (docs/domain/vat.md §2.4). Greece is 'GR' here.
 * Its VAT prefix is 'EL' (see VAT_PREFIX_BY_COUNTRY).
 */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/**
 * VAT number prefix, listed only where it differs from the ISO country code. Every other Member
 * State uses its ISO code (docs/domain/vat.md §2.4).
 */
export const VAT_PREFIX_BY_COUNTRY: Readonly<Record<string, string>> = {
  GR: 'EL',
};

/**
 * VAT prefix for Northern Ireland traders, valid for goods only (Windsor Framework;
 * docs/domain/vat.md §2.4). It is not a Member State, and GB is not an EU prefix.
 */
export const NORTHERN_IRELAND_VAT_PREFIX = 'XI';

/** EU-wide yearly threshold for intra-EU distance sales + TBE services to consumers (art. 73 LIVA; docs/domain/vat.md §2.3). */
export const OSS_THRESHOLD_EUR = '10000.00';
