/**
 * The official table of maximum linear depreciation coefficients (art. 12.1.a Ley 27/2014 del
 * Impuesto sobre Sociedades, in force for tax periods from 1 January 2015), every row: the
 * coefficient is the most that is deductible in a year, the period the longest over which the
 * element may be depreciated (so the least coefficient is 100 / period). Codes are Cuadra's,
 * stable and readable; labels are the table's.
 */
export interface TaxTableRow {
  code: string;
  group: string;
  label: string;
  /** Maximum linear coefficient, percent per year. */
  maxCoefficient: string;
  /** Maximum period, years. */
  maxYears: number;
}

const row = (code: string, group: string, label: string, maxCoefficient: string, maxYears: number): TaxTableRow => ({ code, group, label, maxCoefficient, maxYears });

export const LIS_DEPRECIATION_TABLE: readonly TaxTableRow[] = [
  row('obra-civil-general', 'Obra civil', 'Obra civil general', '2', 100),
  row('pavimentos', 'Obra civil', 'Pavimentos', '6', 34),
  row('infraestructuras-obras-mineras', 'Obra civil', 'Infraestructuras y obras mineras', '7', 30),
  row('centrales-hidraulicas', 'Centrales', 'Centrales hidráulicas', '2', 100),
  row('centrales-nucleares', 'Centrales', 'Centrales nucleares', '3', 60),
  row('centrales-carbon', 'Centrales', 'Centrales de carbón', '4', 50),
  row('centrales-renovables', 'Centrales', 'Centrales renovables', '7', 30),
  row('otras-centrales', 'Centrales', 'Otras centrales', '5', 40),
  row('edificios-industriales', 'Edificios', 'Edificios industriales', '3', 68),
  row('terrenos-escombreras', 'Edificios', 'Terrenos dedicados exclusivamente a escombreras', '4', 50),
  row('almacenes-depositos', 'Edificios', 'Almacenes y depósitos (gaseosos, líquidos y sólidos)', '7', 30),
  row('edificios-comerciales', 'Edificios', 'Edificios comerciales, administrativos, de servicios y viviendas', '2', 100),
  row('subestaciones-redes-energia', 'Instalaciones', 'Subestaciones. Redes de transporte y distribución de energía', '5', 40),
  row('cables', 'Instalaciones', 'Cables', '7', 30),
  row('resto-instalaciones', 'Instalaciones', 'Resto instalaciones', '10', 20),
  row('maquinaria', 'Instalaciones', 'Maquinaria', '12', 18),
  row('equipos-medicos', 'Instalaciones', 'Equipos médicos y asimilados', '15', 14),
  row('locomotoras-vagones', 'Elementos de transporte', 'Locomotoras, vagones y equipos de tracción', '8', 25),
  row('buques-aeronaves', 'Elementos de transporte', 'Buques, aeronaves', '10', 20),
  row('transporte-interno', 'Elementos de transporte', 'Elementos de transporte interno', '10', 20),
  row('transporte-externo', 'Elementos de transporte', 'Elementos de transporte externo', '16', 14),
  row('autocamiones', 'Elementos de transporte', 'Autocamiones', '20', 10),
  row('mobiliario', 'Mobiliario y enseres', 'Mobiliario', '10', 20),
  row('lenceria', 'Mobiliario y enseres', 'Lencería', '25', 8),
  row('cristaleria', 'Mobiliario y enseres', 'Cristalería', '50', 4),
  row('utiles-herramientas', 'Mobiliario y enseres', 'Útiles y herramientas', '25', 8),
  row('moldes-matrices-modelos', 'Mobiliario y enseres', 'Moldes, matrices y modelos', '33', 6),
  row('otros-enseres', 'Mobiliario y enseres', 'Otros enseres', '15', 14),
  row('equipos-electronicos', 'Equipos electrónicos e informáticos. Sistemas y programas', 'Equipos electrónicos', '20', 10),
  row('equipos-proceso-informacion', 'Equipos electrónicos e informáticos. Sistemas y programas', 'Equipos para procesos de información', '25', 8),
  row('sistemas-programas-informaticos', 'Equipos electrónicos e informáticos. Sistemas y programas', 'Sistemas y programas informáticos', '33', 6),
  row('producciones-audiovisuales', 'Producciones cinematográficas, fonográficas, videos y series audiovisuales',
    'Producciones cinematográficas, fonográficas, videos y series audiovisuales', '33', 6),
  row('otros-elementos', 'Otros elementos', 'Otros elementos', '10', 20),
];

export const taxTableRow = (code: string): TaxTableRow | undefined => LIS_DEPRECIATION_TABLE.find((r) => r.code === code);
