import { offerKindSuite } from '../../support/offer-suite';

offerKindSuite({ plugin: 'quotes', name: 'quote', series: 'P', reference: 'Según presupuesto', pdfTexts: ['PRESUPUESTO', 'Documento sin validez fiscal'] });
