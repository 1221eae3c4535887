/**
 * Facturae's code lists that Cuadra maps to and from the semantic model: countries (Facturae
 * writes ISO 3166-1 alpha-3, the model alpha-2), the rectification reasons with the exact text
 * the format ties to each code, the correction methods, units of measure and means of payment.
 */

/** Alpha-2 then alpha-3, for every country Facturae 3.2.2's CountryType lists. */
const COUNTRY_PAIRS =
  'ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO ARARG ASASM ATAUT AUAUS AWABW AZAZE BABIH BBBRB '
  + 'BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BMBMU BNBRN BOBOL BRBRA BSBHS BTBTN BWBWA BYBLR BZBLZ '
  + 'CACAN CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN COCOL CRCRI CUCUB CVCPV CYCYP CZCZE '
  + 'DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST EGEGY EHESH ERERI ESESP ETETH FIFIN FJFJI FKFLK '
  + 'FMFSM FOFRO FRFRA GAGAB GBGBR GDGRD GEGEO GFGUF GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ '
  + 'GRGRC GTGTM GUGUM GWGNB GYGUY HKHKG HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IQIRQ '
  + 'IRIRN ISISL ITITA JEJEY JMJAM JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT '
  + 'KYCYM KZKAZ LALAO LBLBN LCLCA LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY MAMAR MCMCO MDMDA '
  + 'MEMNE MGMDG MHMHL MKMKD MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS MVMDV MWMWI '
  + 'MXMEX MYMYS MZMOZ NANAM NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL OMOMN '
  + 'PAPAN PEPER PFPYF PGPNG PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT REREU '
  + 'ROROU RSSRB RURUS RWRWA SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR '
  + 'SNSEN SOSOM SRSUR STSTP SVSLV SYSYR SZSWZ TCTCA TDTCD TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN '
  + 'TOTON TRTUR TTTTO TVTUV TWTWN TZTZA UAUKR UGUGA USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR '
  + 'VNVNM VUVUT WFWLF WSWSM YEYEM YTMYT ZAZAF ZMZMB ZWZWE ';

const alpha3ByAlpha2 = new Map<string, string>();
const alpha2ByAlpha3 = new Map<string, string>();
for (const pair of COUNTRY_PAIRS.trim().split(/\s+/)) {
  alpha3ByAlpha2.set(pair.slice(0, 2), pair.slice(2));
  alpha2ByAlpha3.set(pair.slice(2), pair.slice(0, 2));
}

/** "ES" → "ESP"; null for a country Facturae does not list. */
export const alpha3 = (alpha2: string): string | null => alpha3ByAlpha2.get(alpha2.toUpperCase()) ?? null;
/** "ESP" → "ES"; null for an unknown code. */
export const alpha2 = (code: string): string | null => alpha2ByAlpha3.get(code.toUpperCase()) ?? null;

/** The member states of the EU (VAT area), for ResidenceTypeCode U. */
export const EU_COUNTRIES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/** ReasonCode → the ReasonDescription text Facturae requires with it. */
export const REASONS: Readonly<Record<string, string>> = {
  '01': 'Número de la factura',
  '02': 'Serie de la factura',
  '03': 'Fecha expedición',
  '04': 'Nombre y apellidos/Razón Social-Emisor',
  '05': 'Nombre y apellidos/Razón Social-Receptor',
  '06': 'Identificación fiscal Emisor/obligado',
  '07': 'Identificación fiscal Receptor',
  '08': 'Domicilio Emisor/Obligado',
  '09': 'Domicilio Receptor',
  '10': 'Detalle Operación',
  '11': 'Porcentaje impositivo a aplicar',
  '12': 'Cuota tributaria a aplicar',
  '13': 'Fecha/Periodo a aplicar',
  '14': 'Clase de factura',
  '15': 'Literales legales',
  '16': 'Base imponible',
  '80': 'Cálculo de cuotas repercutidas',
  '81': 'Cálculo de cuotas retenidas',
  '82': 'Base imponible modificada por devolución de envases / embalajes',
  '83': 'Base imponible modificada por descuentos y bonificaciones',
  '84': 'Base imponible modificada por resolución firme, judicial o administrativa',
  '85': 'Base imponible modificada cuotas repercutidas no satisfechas. Auto de declaración de concurso',
};

/** CorrectionMethod → CorrectionMethodDescription. */
export const CORRECTION_METHODS: Readonly<Record<'01' | '02' | '03' | '04', string>> = {
  '01': 'Rectificación íntegra',
  '02': 'Rectificación por diferencias',
  '03': 'Rectificación por descuento por volumen de operaciones durante un periodo',
  '04': 'Autorizadas por la Agencia Tributaria',
};

/** UN/ECE rec. 20 unit → Facturae UnitOfMeasure, for the units the format names. */
const UNITS: ReadonlyArray<readonly [string, string]> = [
  ['C62', '01'], ['HUR', '02'], ['KGM', '03'], ['LTR', '04'], ['BX', '06'], ['DS', '07'], ['BA', '08'],
  ['JY', '09'], ['BG', '10'], ['CO', '11'], ['BO', '12'], ['CI', '13'], ['CLT', '15'], ['CMT', '16'],
  ['BI', '17'], ['DZN', '18'], ['CS', '19'], ['DJ', '20'], ['GRM', '21'], ['KMT', '22'], ['CA', '23'],
  ['BH', '24'], ['MTR', '25'], ['MMT', '26'], ['PK', '28'], ['RO', '30'], ['EN', '31'], ['TB', '32'],
  ['MTQ', '33'], ['SEC', '34'], ['WTT', '35'], ['KWH', '36'],
];
/** Facturae "05" other: read back as the model's "ZZ" (mutually defined). */
export const unitOfMeasure = (rec20: string): string => UNITS.find(([code]) => code === rec20)?.[1] ?? '05';
export const rec20Unit = (facturae: string | null): string => (facturae === null ? 'C62' : UNITS.find(([, code]) => code === facturae)?.[0] ?? 'ZZ');

/**
 * UNCL 4461 means of payment → Facturae PaymentMeans: 10 cash → 01, 59 SEPA direct debit → 02,
 * 30/58 credit transfer → 04, 20 cheque → 11, 48/54/55 card → 19,
 * anything else → 13 special payment. Read back, 04 is 58 (SEPA credit transfer) and 13 is 1 (not defined).
 */
export function paymentMeans(uncl4461: string): string {
  switch (uncl4461) {
    case '10': return '01';
    case '59': return '02';
    case '30': case '58': return '04';
    case '20': return '11';
    case '48': case '54': case '55': return '19';
    default: return '13';
  }
}
export function uncl4461(facturae: string): string {
  switch (facturae) {
    case '01': return '10';
    case '02': return '59';
    case '04': return '58';
    case '11': return '20';
    case '19': return '48';
    default: return '1';
  }
}
