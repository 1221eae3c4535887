"""The thirty invoices of the sixth corpus: who issues them, what they bill, how their number and date read.

Every name is invented. `extra` carries what only the renderer uses (address lines, captions).
"""
from model import Invoice, Line, OWN, SHOP, cif, dni, nie, de_vat, it_vat


def sup(name, tax, *addr, **more):
    return {'name': name, 'tax': tax, 'addr': list(addr), **more}


L = Line
INVOICES = []


def add(*a, **k):
    INVOICES.append(Invoice(*a, **k))


# ---------------------------------------------------------------- LuaLaTeX
add('lu-asesor-irpf15', 'LuaLaTeX', 'tax adviser fees with IRPF 15 %',
    'an autónomo tax adviser (DNI); supplier and customer blocks side by side on the same text lines; '
    'number "2026/0087" after "Nº Fra.:", date "5 de febrero de 2026", amounts "1.234,56 €", IRPF 15 %',
    sup('Ignacio Berdejo Lasheras', dni(17248639), 'Pº de la Independencia, 19, 3º B', '50001 Zaragoza',
        tel='976 223 418'),
    '2026/0087', '5 de febrero de 2026', '2026-02-05',
    [L('Asesoría fiscal y contable, enero 2026 (cuota mensual)', 1, '310.00'),
     L('Presentación modelos 303 y 111, 4T 2025', 1, '95.00'),
     L('Presentación modelo 390 (resumen anual IVA)', 1, '60.00'),
     L('Alta de dos trabajadores en Seguridad Social', 2, '35.00')],
    irpf=15)

add('lu-ferreteria-3pag', 'LuaLaTeX', 'three-page hardware invoice, totals only on the last page',
    'an industrial hardware supplier, 72 item lines over three pages (longtable, the header repeated), '
    'line discounts, "Suma y sigue en la página siguiente" at the foot of pages 1 and 2, totals only on page 3; '
    'number "FF-26-01932" after "Núm. factura", date "23/03/2026"',
    sup('Suministros Industriales Matarraña, S.A.', cif('A', 4430871), 'Ctra. de Valderrobres, km 1,2',
        '44580 Valderrobres (Teruel)'),
    'FF-26-01932', '23/03/2026', '2026-03-23',
    [L(desc, (i % 7) + 1 + (10 if i % 5 == 0 else 0), price, disc=(5 if i % 4 == 0 else None), ref=f'{1000 + 37 * i:05d}')
     for i, (desc, price) in enumerate([
            ('Tornillo DIN 933 M8x30 zinc (caja 100)', '7.85'), ('Tuerca DIN 934 M8 zinc (caja 200)', '4.12'),
            ('Arandela DIN 125 M8 (caja 500)', '5.30'), ('Taco nylon 8 mm (caja 100)', '2.95'),
            ('Broca HSS 6 mm', '1.48'), ('Broca HSS 8 mm', '2.07'), ('Broca widia 10 mm', '3.65'),
            ('Disco corte inox 125x1', '1.19'), ('Disco desbaste 125x6', '2.38'), ('Cinta americana 50 m', '4.60'),
            ('Silicona neutra transparente 300 ml', '3.95'), ('Espuma poliuretano 750 ml', '6.20'),
            ('Guante nitrilo T9 (par)', '1.35'), ('Gafa protección incolora', '2.90'), ('Tapón oído (caja 200)', '18.40'),
            ('Brida nylon 300x4,8 (bolsa 100)', '3.10'), ('Abrazadera tornillo 20-32', '0.58'),
            ('Cable H07V-K 2,5 mm² (rollo 100 m)', '39.90'), ('Regleta conexión 12 polos 6 mm²', '1.62'),
            ('Cinta aislante negra 19 mm', '0.72'), ('Llave combinada 13 mm', '4.25'), ('Llave combinada 17 mm', '5.40'),
            ('Destornillador plano 6,5x150', '3.80'), ('Destornillador PZ2x100', '3.55'), ('Martillo carpintero 500 g', '11.90'),
            ('Metro flexómetro 5 m', '6.75'), ('Nivel aluminio 60 cm', '9.80'), ('Lápiz carpintero (caja 12)', '4.30'),
            ('Cúter 18 mm', '2.45'), ('Cuchillas cúter 18 mm (10 u.)', '1.90'), ('Lija grano 120 (pliego)', '0.44'),
            ('Lija grano 80 (pliego)', '0.44'), ('Pintura esmalte blanco 750 ml', '12.60'), ('Brocha plana 50 mm', '2.85'),
            ('Rodillo antigota 22 cm', '4.95'), ('Cinta carrocero 36 mm', '1.55'), ('Aceite lubricante 400 ml', '5.25'),
            ('Grasa litio 400 g', '4.70'), ('Candado latón 40 mm', '6.90'), ('Cadena galvanizada 6 mm (m)', '2.15'),
            ('Mosquetón 8 mm', '1.05'), ('Cáncamo M10', '0.98'), ('Varilla roscada M10 (1 m)', '1.85'),
            ('Escuadra refuerzo 60x60', '0.66'), ('Bisagra acero 80 mm', '1.27'), ('Cerrojo pasador 100 mm', '3.20'),
            ('Tirafondo 6x60 (caja 100)', '5.95'), ('Clavo acero 40 mm (caja)', '3.35'), ('Grapa 10 mm (caja 1000)', '2.60'),
            ('Pila alcalina AA (blíster 4)', '3.40'), ('Linterna LED recargable', '14.50'), ('Alargador 3 tomas 5 m', '8.90'),
            ('Bombilla LED E27 10 W', '2.15'), ('Foco LED 50 W exterior', '19.75'), ('Manguera 15 mm (25 m)', '17.80'),
            ('Racor rápido 1/2"', '1.40'), ('Teflón 12 mm', '0.55'), ('Llave paso 1/2"', '6.30'), ('Codo cobre 15 mm', '0.62'),
            ('Soldadura estaño 250 g', '15.20'), ('Spray galvanizado 400 ml', '6.45'), ('Masilla reparadora 1 kg', '5.80'),
            ('Escoba exterior', '4.90'), ('Recogedor con mango', '5.60'), ('Cubo obra 12 l', '2.30'), ('Saco escombro', '0.85'),
            ('Carretilla neumático 90 l', '54.00'), ('Pala punta', '9.40'), ('Cinta balizamiento 200 m', '4.15'),
            ('Señal "Uso obligatorio casco"', '3.75'), ('Extintor polvo 6 kg', '29.90'), ('Botiquín básico', '16.80')])])

add('lu-aleman-intracomunitaria', 'LuaLaTeX', 'intra-EU supplier in English/German, reverse charge',
    'a German machine-parts maker invoicing in English with German captions ("Invoice No. / Rechnungsnr."), '
    'date "March 12, 2026", a DE VAT number, reverse-charge wording, VAT 0 %, amounts "EUR 4.740,00"',
    sup('Krämer Antriebstechnik GmbH', de_vat(28145730), 'Industriestraße 42', '73730 Esslingen am Neckar, Germany'),
    'RE-2026-10447', 'March 12, 2026', '2026-03-12',
    [L('Gear motor KA-370, 0,75 kW, i=20', 4, '1185.00', rate=0),
     L('Flange adapter FA-370', 4, '142.50', rate=0),
     L('Spare seal kit SK-37', 10, '18.90', rate=0),
     L('Freight and packing (DAP Alcañiz)', 1, '265.00', rate=0)])

add('lu-impremta-catala', 'LuaLaTeX', 'Catalan invoice with the tax table as columns',
    'a print shop invoicing in Catalan ("Factura núm.", "Data", "Base imposable", "Quota"), '
    'date "14 d\'abril de 2026", the tax summary vertical (one column per rate: 21 % and 4 % for a book)',
    sup('Gràfiques Montsant, S.L.', cif('B', 4385126), 'C/ de la Riera, 8', '43360 Cornudella de Montsant (Tarragona)'),
    '26/0415', "14 d'abril de 2026", '2026-04-14',
    [L('Caixes impreses 4/0, 400x300x200 (unitats)', 2500, '0.412'),
     L('Etiquetes adhesives 100x70, rotlle 1.000 u.', 6, '38.50'),
     L('Catàleg de producte, 48 pàg., grapat', 300, '2.35', rate=4),
     L('Disseny i preimpressió', 1, '180.00')])

add('lu-carpinteria-anticipo', 'LuaLaTeX', 'final invoice with a prepayment deducted',
    'a carpenter\'s final invoice for fitting out a warehouse office: the works total, then the advance '
    'already invoiced ("A cuenta s/ fra. A-2026/0031") taken off the base before VAT; '
    'number "A-2026/0058" after "Factura núm.", date "28/04/2026"',
    sup('Carpintería Hermanos Gimeno Fabregat, S.L.', cif('B', 4419263), 'C/ Aragón, 55', '44600 Alcañiz (Teruel)'),
    'A-2026/0058', '28/04/2026', '2026-04-28',
    [L('Mampara de oficina en melamina y vidrio, 7,40 m lineales', '7.40', '465.00'),
     L('Puerta corredera con cerradura', 2, '612.00'),
     L('Armario archivo a medida 240x220', 1, '1890.00'),
     L('Mano de obra montaje (h)', 26, '32.00')],
    anticipo='2500.00')

add('lu-transportes-serie', 'LuaLaTeX', 'haulier with series and number in two cells, several amount columns',
    'a haulier whose header grid gives "Serie" (T) and "Número" (2026/0153) in two cells (the label takes '
    'the Número cell: the two are never printed together), trips with kilometres, €/km, tolls and amount '
    'columns, date "08-05-2026"',
    sup('Transportes Bajo Aragón Guardia, S.L.', cif('B', 4402274), 'Pol. Ind. Las Horcas, parcela 9',
        '44500 Andorra (Teruel)'),
    '2026/0153', '08-05-2026', '2026-05-08',
    [L('04/05 Alcañiz - Valencia (puerto), 28 palés', 1, '486.40', km=304),
     L('05/05 Alcañiz - Barcelona (Zona Franca), 33 palés', 1, '571.20', km=357),
     L('06/05 Alcañiz - Madrid (Coslada), 26 palés', 1, '672.00', km=420),
     L('07/05 Alcañiz - Zaragoza (Plaza), 12 palés', 1, '198.40', km=124),
     L('Peajes repercutidos', 1, '64.35')])

add('lu-drogueria-recargo', 'LuaLaTeX', 'wholesaler to a shop in recargo, customer top left, supplier at the foot',
    'a drugstore wholesaler to a shop in recargo de equivalencia: the customer\'s block first at the top '
    'left, the supplier only at the foot in small print and as a brand; 21 % + 5,2 % and 10 % + 1,4 %, '
    'number "26/004518" after "Factura núm.", date "2 jun 2026"',
    sup('Droguería y Perfumería Jiloca, S.L.', cif('B', 4423519), 'Avda. de Valencia, 12', '44200 Calamocha (Teruel)'),
    '26/004518', '2 jun 2026', '2026-06-02',
    [L('Detergente líquido 3 l', 12, '4.85'), L('Lejía 2 l', 24, '0.98'), L('Suavizante 2 l', 12, '2.40'),
     L('Papel higiénico 12 rollos', 10, '3.95'), L('Gel de baño 750 ml', 12, '1.72'),
     L('Agua mineral 1,5 l (pack 6)', 20, '1.86', rate=10), L('Zumo naranja 1 l', 24, '0.89', rate=10)],
    customer=SHOP, recargo=True)

add('lu-rectificativa-abono', 'LuaLaTeX', 'corrective invoice for returned goods',
    'a packaging-film supplier\'s "FACTURA RECTIFICATIVA (ABONO)" for goods sent back: negative quantities '
    'and amounts, the corrected invoice "F26-1187" and the reason given, number "R26-0009", date "30.06.2026"',
    sup('Plásticos Técnicos del Cinca, S.A.', cif('A', 2250964), 'Pol. Ind. Armentera, c/ D, 3', '22400 Monzón (Huesca)'),
    'R26-0009', '30.06.2026', '2026-06-30',
    [L('Film estirable manual 23 µ, 500 mm (bobinas)', -36, '9.45'),
     L('Film estirable máquina 17 µ, 500 mm (bobinas)', -12, '24.80'),
     L('Portes de recogida', -1, '35.00')])

# ---------------------------------------------------------------- matplotlib
add('mp-climatizacion-marca', 'matplotlib', 'brand logo with the legal name only in small print',
    'an air-conditioning maintenance firm identified by a big logo word "KLIMAX" and a tagline; the legal '
    'name and CIF only in the small print at the foot; number "KX-2026-0412" after "Nº factura", date "17/02/2026"',
    sup('Climatización Integral del Ebro, S.L.', cif('B', 5071318), 'C/ Río Huerva, 4', '50011 Zaragoza'),
    'KX-2026-0412', '17/02/2026', '2026-02-17',
    [L('Mantenimiento preventivo trimestral, 3 equipos split', 1, '285.00'),
     L('Recarga gas R-32 (kg)', '1.8', '68.00'),
     L('Sustitución condensador 35 µF', 1, '42.50'),
     L('Desplazamiento', 1, '30.00')])

add('mp-ticket-cafeteria', 'matplotlib', 'restaurant simplified invoice, VAT included',
    'an 80 mm café ticket ("FACTURA SIMPLIFICADA"), 10 % included, number "T2-000871", date and time '
    '"06/03/2026 13:42", lines with unit price and amount, "Base imponible / Cuota" at the foot',
    sup('Cafetería Los Porches de Caspe, S.L.', cif('B', 5073341), 'Plaza de España, 6', '50700 Caspe (Zaragoza)'),
    'T2-000871', '06/03/2026 13:42', '2026-03-06',
    [L('Menú del día', 3, '14.50', rate=10), L('Café con leche', 3, '1.60', rate=10),
     L('Agua 1 l', 1, '2.20', rate=10), L('Copa vino Somontano', 2, '2.80', rate=10)],
    included=True)

add('mp-agente-aduanas', 'matplotlib', 'customs broker: import VAT of the DUA as an outlay',
    'a customs broker\'s invoice for an import from China: the DUA number, its customs value, duties and '
    'import VAT paid for the customer as outlays (suplidos, outside the base), the broker\'s own fees at '
    '21 %; number "AD/26/00718", date "2026.04.21"',
    sup('Consignaciones y Aduanas del Mediterráneo, S.L.', cif('B', 4658720), 'Muelle de Poniente, edif. Aduanas, of. 12',
        '46024 Valencia'),
    'AD/26/00718', '2026.04.21', '2026-04-21',
    [L('Despacho de importación (DUA 26ES00461110028733)', 1, '95.00'),
     L('Gestión T1 / tránsito', 1, '45.00'),
     L('Inspección física (canal rojo), asistencia', 1, '60.00'),
     L('Manipulación y almacenaje en terminal', 1, '118.40')],
    suplidos=[('Derechos arancelarios (DUA)', '412.36'), ('IVA importación 21 % (DUA)', '1735.92')])

add('mp-limpieza-cliente-izq', 'matplotlib', 'customer on the left and supplier on the right on the same lines',
    'a cleaning company: the customer\'s block on the left and the supplier\'s on the right, their lines '
    'drawn on the same baselines; amounts with a space as thousands separator ("1 234,56"); date "3 mar. 2026"',
    sup('Limpiezas Rivera Matarranya, S.L.', cif('B', 4431055), 'C/ Santa Lucía, 2, bajo', '44580 Valderrobres (Teruel)'),
    'LR-00264', '3 mar. 2026', '2026-03-03',
    [L('Limpieza oficinas y vestuarios, febrero (20 servicios)', 20, '48.00'),
     L('Limpieza de cristales nave (altura, plataforma)', 1, '640.00'),
     L('Abrillantado suelo oficinas (m²)', 180, '1.75')])

add('mp-disenadora-irpf7', 'matplotlib', 'designer (NIE) with IRPF 7 %, English mixed in',
    'a freelance designer with a NIE, new in business (IRPF 7 %), captions in English and Spanish '
    '("Invoice No. / Nº factura", "Bill to", "Subtotal", "Withholding / Retención IRPF"), date "12 Jan 2026"',
    sup('Giulia Ferraresi Conti', nie('Y', 4821907), 'C/ Alfonso I, 31, 2º izda.', '50003 Zaragoza'),
    'GF-26-003', '12 Jan 2026', '2026-01-12',
    [L('Brand identity refresh (logo, colours, typography)', 1, '1400.00'),
     L('Packaging artwork, 3 box sizes', 3, '260.00'),
     L('Print-ready files and proof checks', 1, '120.00')],
    irpf=7)

add('mp-distribuidor-tabla-vertical', 'matplotlib', 'food distributor with the tax table as columns',
    'a food distributor to a company canteen: 4 %, 10 % and 21 % goods; the tax summary with one column '
    'per rate and rows "Base imponible / % IVA / Cuota IVA / Total"; number "2026-A-00219" after "Fac. nº", '
    'date "19-03-2026"',
    sup('Distribuciones Alimentarias Cierzo, S.A.', cif('A', 5019267), 'Mercazaragoza, nave 3', '50014 Zaragoza'),
    '2026-A-00219', '19-03-2026', '2026-03-19',
    [L('Leche entera 1 l (caja 6)', 15, '5.34', rate=4), L('Pan de molde 700 g', 12, '1.92', rate=4),
     L('Huevos L (docena)', 10, '2.65', rate=4), L('Aceite de oliva virgen extra 5 l', 4, '31.50', rate=4),
     L('Arroz redondo 5 kg', 3, '7.40', rate=10), L('Atún en aceite (pack 3)', 10, '3.85', rate=10),
     L('Café molido 1 kg', 4, '11.20', rate=10), L('Servilletas 30x30 (caja 2.400)', 2, '18.60'),
     L('Film alimentario 300 m', 2, '9.75')])

add('mp-electricista-letras', 'matplotlib', 'electrician with the total in words',
    'an electrical installer\'s invoice with the total written in words in capitals ("SON: ... EUROS") '
    'under the amounts, number "0192" after "FACTURA Nº", a date "Alcañiz, 9 de julio de 2026"',
    sup('Instalaciones Eléctricas Pallarés, S.L.', cif('B', 4417341), 'C/ Mayor, 88', '44600 Alcañiz (Teruel)'),
    '0192', 'Alcañiz, 9 de julio de 2026', '2026-07-09',
    [L('Cuadro eléctrico nave: reforma y protecciones', 1, '1260.00'),
     L('Luminarias LED estancas 2x36 W', 18, '38.40'),
     L('Cableado y canalización (m)', 140, '3.15'),
     L('Boletín y certificado de instalación', 1, '150.00')])

add('mp-saas-ingles', 'matplotlib', 'Spanish SaaS invoicing in English with decimal points',
    'a Spanish software company invoicing in English: "Invoice No. INV-26-0003318", "Date of issue: 1 May 2026", '
    'amounts "1,234.56 €", a negative discount line, VAT 21 %',
    sup('Nubedata Soluciones, S.L.', cif('B', 8891452), 'C/ Orense, 34, 5ª planta', '28020 Madrid'),
    'INV-26-0003318', '1 May 2026', '2026-05-01',
    [L('Warehouse Pro plan, 12 users (annual)', 12, '348.00'),
     L('Barcode module add-on (annual)', 1, '480.00'),
     L('Onboarding session (hours)', 6, '75.00'),
     L('Annual prepayment discount', 1, '-417.60')])

# ---------------------------------------------------------------- AbiWord
add('ab-traductora-irpf15', 'AbiWord', 'translator with IRPF 15 %, bilingual captions',
    'a translator (DNI) with bilingual captions ("Factura / Invoice", "Fecha / Date"), word counts and '
    'price per word to three decimals, IRPF 15 %, number "7/2026", date "20/01/2026"',
    sup('Marta Lizana', dni(25471836), 'C/ Predicadores, 70, 4º', '50003 Zaragoza'),
    '7/2026', '20/01/2026', '2026-01-20',
    [L('Traducción EN>ES fichas técnicas (palabras)', 8240, '0.075'),
     L('Revisión de catálogo FR>ES (palabras)', 5100, '0.035'),
     L('Maquetación de tablas (horas)', 3, '28.00')],
    irpf=15)

add('ab-pescados-proveedor', 'AbiWord', 'fish wholesaler with weights and 10 %',
    'a fish wholesaler: lines with kilograms to three decimals and price per kg, 10 % only, the '
    'number after "Nº Fra." as "045/26", date "21/05/26"',
    sup('Pescados y Mariscos Galindo e Hijos, S.L.', cif('B', 5012947), 'Mercazaragoza, pabellón pescados, puesto 17',
        '50014 Zaragoza'),
    '045/26', '21/05/26', '2026-05-21',
    [L('Merluza de pincho (kg)', '18.460', '13.90', rate=10), L('Bacalao desalado lomo (kg)', '9.220', '16.40', rate=10),
     L('Sepia limpia (kg)', '6.800', '9.75', rate=10), L('Mejillón (malla 2 kg)', 8, '4.60', rate=10),
     L('Gamba arrocera congelada (kg)', 5, '11.25', rate=10)])

add('ab-mensajeria-dos-columnas', 'AbiWord', 'courier with the two parties side by side in a table',
    'a courier\'s monthly invoice: supplier and customer side by side in a two-column table, the service '
    'lines, "Nº de factura" and "Fecha de emisión" in a table, date "31-1-2026"',
    sup('Mensajería Urgente Somontano, S.L.', cif('B', 2241680), 'C/ Joaquín Costa, 23', '22300 Barbastro (Huesca)'),
    'MS/2026/0031', '31-1-2026', '2026-01-31',
    [L('Envíos urgentes 24 h peninsular (bultos)', 46, '6.90'),
     L('Envíos 48 h peninsular (bultos)', 31, '5.15'),
     L('Recargo combustible enero', 1, '27.35'),
     L('Reembolsos gestionados', 4, '2.50')])

add('ab-informatica-columnas', 'AbiWord', 'computer maintenance with several amount columns',
    'an IT services firm: columns "Cant. | Precio | Dto. % | Neto | Importe", amounts without thousands '
    'separator "1234,56 €", date "2026-07-01", number "FV-2607-014"',
    sup('Sistemas Informáticos Alcañiz, S.L.', cif('B', 4416987), 'Avda. Bartolomé Esteban, 16', '44600 Alcañiz (Teruel)'),
    'FV-2607-014', '2026-07-01', '2026-07-01',
    [L('Portátil 15,6" i5 16 GB / 512 GB', 3, '689.00', disc=8),
     L('Monitor 27" QHD', 3, '219.00', disc=5),
     L('Licencia ofimática (anual)', 3, '99.00'),
     L('Instalación y migración de datos (h)', 5, '45.00'),
     L('Contrato de mantenimiento julio', 1, '120.00')])

add('ab-alarmas-letras', 'AbiWord', 'security firm with the total in words',
    'an alarm company\'s quarterly fee: monitoring, maintenance and a keyholder service, total in words '
    '("Importe total: ... euros"), number "ALR-26-1207", date "1 de abril de 2026"',
    sup('Seguridad y Alarmas Moncayo, S.A.', cif('A', 5040391), 'C/ San Juan de la Peña, 144', '50015 Zaragoza'),
    'ALR-26-1207', '1 de abril de 2026', '2026-04-01',
    [L('Conexión a central receptora, 2º trimestre', 3, '39.50'),
     L('Mantenimiento preventivo sistema anti-intrusión', 1, '86.00'),
     L('Servicio de custodia de llaves', 3, '12.00')])

add('ab-fruites-recargo-catala', 'AbiWord', 'Catalan fruit wholesaler to a shop in recargo',
    'a fruit wholesaler invoicing in Catalan to a shop in recargo de equivalencia: 4 % + 0,5 % fruit and '
    '10 % + 1,4 % juices, "Recàrrec d\'equivalència", number "Factura núm. 2026-0733", date "14/5/2026"',
    sup('Fruites Segrià Germans Roca, S.L.', cif('B', 2518864), 'Mercat de Fruites, parada 41', '25191 Lleida'),
    '2026-0733', '14/5/2026', '2026-05-14',
    [L('Poma golden (kg)', 60, '1.18', rate=4), L('Pera conference (kg)', 40, '1.32', rate=4),
     L('Préssec (kg)', 35, '1.95', rate=4), L('Taronja de taula (kg)', 50, '0.98', rate=4),
     L('Suc de poma 1 l (caixa 6)', 6, '8.40', rate=10)],
    customer=SHOP, recargo=True)

add('ab-ticket-papeleria', 'AbiWord', 'stationery simplified invoice with two rates included',
    'a stationery shop\'s simplified invoice: books at 4 % and stationery at 21 %, prices include VAT, '
    'a summary by rate at the foot, number "FS-03-2026-1187" after "Fra. simplificada nº", date "12/09/2026 10:07"',
    sup('Papelería Librería El Tintero, S.L.', cif('B', 4414735), 'C/ Alejandre, 3', '44600 Alcañiz (Teruel)'),
    'FS-03-2026-1187', '12/09/2026 10:07', '2026-09-12',
    [L('Agenda 2027 día página', 2, '14.95'), L('Archivador A4 lomo ancho', 6, '3.20'),
     L('Bolígrafo gel azul (caja 12)', 2, '9.60'), L('Manual "Contabilidad para pymes"', 1, '28.50', rate=4),
     L('Código de Comercio 2026', 1, '19.00', rate=4)],
    included=True)

# ---------------------------------------------------------------- Gnumeric
add('gn-autonomo-irpf15', 'Gnumeric', 'an autónomo\'s spreadsheet invoice with IRPF 15 %',
    'an engineer\'s invoice made in a spreadsheet and printed with its gridlines, IRPF 15 %, '
    '"FACTURA Nº" and its number "12" in adjacent cells, date "15/01/2026"',
    sup('Javier Sancho Buisán', dni(18044926), 'C/ Ramón y Cajal, 14, 1º', '44002 Teruel'),
    '12', '15/01/2026', '2026-01-15',
    [L('Proyecto de adecuación de nave a normativa contra incendios', 1, '1850.00'),
     L('Dirección de obra (visitas)', 4, '120.00'),
     L('Tramitación del visado colegial', 1, '95.00')],
    irpf=15)

add('gn-mayorista-hoja', 'Gnumeric', 'wholesaler\'s spreadsheet grid with two rates',
    'a packaging-materials wholesaler\'s spreadsheet: a grid with reference, description, units, price, '
    'amount and VAT-rate columns, 21 % and one 10 % line (bottled water for the warehouse), '
    'amounts "1.234,56", number "0004471" and date "09/02/2026" in cells beside their captions',
    sup('Comercial Embalajes Ribagorza, S.L.', cif('B', 2226093), 'Pol. Ind. Valle del Ésera, 5', '22430 Graus (Huesca)'),
    '0004471', '09/02/2026', '2026-02-09',
    [L('Caja cartón canal doble 600x400x400', 400, '1.34', ref='CD-604'),
     L('Caja cartón canal simple 400x300x250', 800, '0.62', ref='CS-432'),
     L('Cinta adhesiva PP marrón 48x132', 144, '1.08', ref='CA-48M'),
     L('Etiqueta "Frágil" rollo 500', 10, '6.90', ref='ET-FRG'),
     L('Palé europeo usado', 30, '7.50', ref='PAL-EU'),
     L('Agua mineral 0,5 l (pack 24), almacén', 5, '5.28', rate=10, ref='AG-05')])

add('gn-serie-celdas', 'Gnumeric', 'series and number in two cells',
    'a vending-machine supplier\'s spreadsheet where "SERIE" B and "NÚMERO" 000412 stand in separate '
    'cells (the label takes the number cell alone), date "1-IX-2026" with a Roman month',
    sup('Vending Bajo Cinca, S.L.', cif('B', 2229717), 'C/ Zaragoza, 17', '22520 Fraga (Huesca)'),
    '000412', '1-IX-2026', '2026-09-01',
    [L('Alquiler máquina café, agosto', 1, '65.00'), L('Cápsulas café (cajas 100)', 6, '24.50', rate=10),
     L('Vasos y paletinas', 2, '11.80'), L('Reposición snacks', 1, '143.20', rate=10)])

add('gn-reformas-isp', 'Gnumeric', 'building works with domestic reverse charge',
    'a building contractor\'s renovation of the warehouse under "inversión del sujeto pasivo" (art. 84.'
    'Uno.2º.f LIVA): no VAT charged, a 0 % line, amounts "EUR 1.234,56", number "OB-26/019", date "27/02/2026"',
    sup('Construcciones y Reformas Bergantes, S.L.', cif('B', 4409312), 'C/ Las Eras, 3', '44570 Calanda (Teruel)'),
    'OB-26/019', '27/02/2026', '2026-02-27',
    [L('Demolición de tabiquería y retirada a vertedero', 1, '1340.00', rate=0),
     L('Solera de hormigón HA-25 (m²)', 210, '24.60', rate=0),
     L('Cubierta: sustitución de placas (m²)', 95, '38.20', rate=0),
     L('Pintura plástica paramentos (m²)', 480, '4.90', rate=0)])

add('gn-pedidos-2pag', 'Gnumeric', 'two-page spreadsheet of deliveries, totals on page 2',
    'a bakery supplying the canteen every day: 44 delivery rows (date, albarán, product, units, price, '
    'amount) over two pages, 4 % and 10 %, totals and tax summary only on page 2, number "P-2026-0311", '
    'date "31 de marzo de 2026"',
    sup('Horno San Lorenzo de Calanda, S.L.', cif('B', 4416102), 'C/ Santa Bárbara, 9', '44570 Calanda (Teruel)'),
    'P-2026-0311', '31 de marzo de 2026', '2026-03-31',
    [L(f'Pan barra 250 g' if i % 2 == 0 else 'Bollería surtida (bandeja)', 30 + (i * 7) % 25 if i % 2 == 0 else 2 + i % 3,
       '0.55' if i % 2 == 0 else '7.80', rate=4 if i % 2 == 0 else 10,
       day=f'{(i // 2) + 2:02d}/03', albaran=f'{5120 + i}') for i in range(44)])

add('gn-bodega-recargo', 'Gnumeric', 'wine cellar to a shop in recargo, tax as columns',
    'a wine cellar\'s spreadsheet to a shop in recargo: 21 % + 5,2 %, the tax summary laid out across '
    'columns (Base | % IVA | IVA | % R.E. | R.E. | Total on one row under their captions), "Nº Fra." '
    '"V-260388", date "6/10/2026"',
    sup('Bodegas Cooperativas del Matarraña, S.Coop.', cif('F', 4400138), 'Ctra. de Gandesa, s/n', '44597 Calaceite (Teruel)'),
    'V-260388', '6/10/2026', '2026-10-06',
    [L('Tinto joven Garnacha 75 cl', 36, '3.90'), L('Tinto crianza 75 cl', 24, '7.25'),
     L('Blanco Garnacha blanca 75 cl', 24, '5.60'), L('Bag-in-box tinto 5 l', 6, '13.40')],
    customer=SHOP, recargo=True)

add('gn-italiano-intracom', 'Gnumeric', 'Italian supplier, intra-EU reverse charge, bilingual',
    'an Italian machinery-parts maker\'s spreadsheet invoice in Italian and English ("Fattura n. / Invoice No.", '
    '"Data"), an IT VAT number, "Inversione contabile / reverse charge", VAT 0 %, date "22/06/2026"',
    sup('Officine Meccaniche Bertolazzi S.r.l.', it_vat(1873420165), 'Via dell\'Artigianato 14',
        '25030 Castel Mella (BS), Italia'),
    '318/2026', '22/06/2026', '2026-06-22',
    [L('Lama circolare HM 350x3,2 Z72', 8, '146.00', rate=0), L('Cinghia dentata HTD 8M-1200', 6, '58.40', rate=0),
     L('Cuscinetto 6206-2RS', 20, '7.95', rate=0), L('Spese di trasporto', 1, '120.00', rate=0)])

add('gn-alquiler-irpf19', 'Gnumeric', 'warehouse rent from a private landlord, IRPF 19 %',
    'a landlord (DNI) billing the monthly rent of a warehouse from a spreadsheet: rent and a repercussed '
    'IBI share as two lines, IVA 21 %, IRPF 19 % on the whole, "Nº" and its number "06/2026" in one cell, '
    'the date as "Alcañiz, a 1 de junio de 2026" and the totals in a framed block',
    sup('Pilar Serrano Cebrián', dni(73152846), 'C/ Mayor, 40, 2º', '44600 Alcañiz (Teruel)'),
    '06/2026', 'Alcañiz, a 1 de junio de 2026', '2026-06-01',
    [L('Renta mensual nave 14, Polígono La Noria (junio 2026)', 1, '1250.00'),
     L('Repercusión IBI 2026 (parte proporcional mensual)', 1, '48.75')],
    irpf=19)
