import { offerKindSuite } from '../../support/offer-suite';

offerKindSuite({ plugin: 'proformas', name: 'proforma', series: 'PF', reference: 'Según factura proforma', pdfTexts: ['FACTURA PROFORMA', 'sin validez fiscal'] });
