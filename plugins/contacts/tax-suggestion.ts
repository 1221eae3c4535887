import { Conflict } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { formatRate, isEuMemberState, isOutsideSpanishVatTerritory, TaxService, type TaxType } from '../taxes/api';
import type { Contact } from './entities';

export type TaxContext = 'sale' | 'purchase';
export type SupplyNature = 'goods' | 'services';

interface Choice { code: string; reason: string; preferred?: TaxType | null }

/** Where the counterparty is, for VAT purposes (art. 3 LIVA: Canarias, Ceuta and Melilla are outside). */
function placeOf(contact: Contact): 'domestic' | 'eu' | 'outside' {
  if (contact.country === 'ES') return isOutsideSpanishVatTerritory({ country: 'ES', province: contact.province, postal_code: contact.postalCode }) ? 'outside' : 'domestic';
  return isEuMemberState(contact.country) ? 'eu' : 'outside';
}

const where = (contact: Contact) => (contact.country === 'ES' ? 'Canarias, Ceuta o Melilla' : contact.country);

async function saleChoice(tx: Tx, contact: Contact): Promise<Choice> {
  const place = placeOf(contact);
  if (place === 'domestic') {
    return { code: 'IVA21', reason: 'Cliente en el territorio de aplicación del IVA español: tipo general del 21% (art. 90 LIVA); usa el 10% o el 4% si el bien o servicio tiene tipo reducido (art. 91).' };
  }
  if (place === 'outside') {
    return { code: 'EXPORT', reason: `Cliente fuera del territorio de aplicación del IVA de la UE (${where(contact)}): exportación exenta (art. 21 LIVA), casilla 60. Si es una prestación de servicios, puede ser no sujeta por reglas de localización (NOSUJETO).` };
  }
  if (contact.customerType === 'business' && contact.vat) {
    const unchecked = contact.vatValid ? '' : ' Atención: el NIF-IVA no supera la comprobación de dígitos; verifícalo en VIES antes de facturar sin IVA.';
    return { code: 'IVAINTRA', reason: `Empresario de otro Estado miembro (${contact.country}) con NIF-IVA ${contact.vat}: entrega intracomunitaria exenta (art. 25 LIVA) o servicio B2B localizado en destino (art. 69); casilla 59 y modelo 349.${unchecked}` };
  }
  const who = contact.customerType === 'individual' ? 'Consumidor final' : 'Cliente sin NIF-IVA';
  const oss = await TaxService.ossStatus(tx);
  if (oss.applies) {
    const why = oss.registered
      ? 'la empresa está acogida a la ventanilla única (OSS)'
      : `las ventas a distancia en la UE superan ${oss.threshold.toString()} € (este año ${oss.currentYearTotal.toString()} €, el anterior ${oss.previousYearTotal.toString()} €)`;
    return {
      code: 'OSS',
      preferred: await TaxService.findActiveOssTypeFor(tx, contact.country),
      reason: `${who} en otro Estado miembro (${contact.country}) y ${why}: se aplica el IVA del país de destino y se declara en la ventanilla única, modelo 369 (art. 73 LIVA).`,
    };
  }
  return {
    code: 'IVA21',
    reason: `${who} en otro Estado miembro (${contact.country}): las ventas a distancia en la UE no superan ${oss.threshold.toString()} € (este año ${oss.currentYearTotal.toString()} €, el anterior ${oss.previousYearTotal.toString()} €) y la empresa no está en la ventanilla única, así que se aplica el IVA español (art. 73 LIVA).`,
  };
}

function purchaseChoice(contact: Contact, nature: SupplyNature): Choice {
  const place = placeOf(contact);
  if (place === 'domestic') {
    return { code: 'IVA21', reason: 'Proveedor en el territorio de aplicación del IVA español: IVA soportado al tipo general del 21% (art. 90 LIVA), deducible en las casillas 28/29.' };
  }
  if (place === 'outside') {
    return nature === 'goods'
      ? { code: 'IMPORT', reason: `Bienes de un proveedor fuera del territorio de aplicación del IVA de la UE (${where(contact)}): importación; el IVA lo liquida la Aduana con el DUA (arts. 17, 18 y 83 LIVA), casillas 32/33.` }
      : { code: 'ISP', reason: `Servicios de un proveedor no establecido en el territorio de aplicación del IVA (${where(contact)}): inversión del sujeto pasivo, autorrepercusión en 12/13 y deducción en 28/29 (art. 84.Uno.2º LIVA).` };
  }
  if (contact.customerType === 'business') {
    const missing = contact.vat ? '' : ' Pide al proveedor su NIF-IVA: es necesario para el modelo 349.';
    return { code: 'RCINTRACOM', reason: `Proveedor empresario de otro Estado miembro (${contact.country}): adquisición intracomunitaria con inversión del sujeto pasivo, autorrepercusión en 10/11 y deducción en 36/37 (arts. 13, 15, 84 y 85 LIVA).${missing}` };
  }
  return { code: 'NOSUJETO', reason: `Particular de otro Estado miembro (${contact.country}): no repercute IVA español ni hay inversión del sujeto pasivo; la compra no lleva IVA deducible.` };
}

/** The tax type a new document with this contact most likely needs, with the reason. */
export async function suggestTaxType(tx: Tx, contact: Contact, context: TaxContext, nature: SupplyNature = 'services') {
  const choice = context === 'sale' ? await saleChoice(tx, contact) : purchaseChoice(contact, nature);
  const type = choice.preferred ?? await TaxService.findByCode(tx, choice.code);
  if (!type) throw new Conflict(`The company has no tax type ${choice.code}`);
  if (!type.active) throw new Conflict(`The suggested tax type ${type.code} is deactivated for this company; reactivate it or choose another one`);
  return { context, tax_type_id: type.id, code: type.code, rate: formatRate(type.rate), reason: choice.reason };
}
