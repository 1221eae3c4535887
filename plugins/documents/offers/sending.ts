import type { Kernel } from '../../../kernel/kernel';
import type { Tx } from '../../../kernel/uow';
import { ContactService } from '../../contacts/api';
import { TenantService } from '../../tenants/api';
import { formatEuro } from '../pdf';
import type { OfferKind } from './kind';
import { offerPdf } from './pdf';
import type { OfferService } from './service';

/** An offer that can no longer be accepted is not sent: the customer would take it for a live one. */
const UNSENDABLE = ['rejected', 'expired'];

/**
 * An offer kind as a `sendable-documents` kind of the document-sending plugin, when that plugin is
 * installed (plain values: offers do not depend on it). Sending a draft marks it sent; sending needs
 * the kind's write permission, as marking it sent does.
 */
export function sendableOffer(kind: OfferKind, service: OfferService) {
  const [article, ...words] = kind.inWords.split(' ');
  const named = words.join(' ');
  return {
    kind: kind.name, segment: kind.plugin, noun: kind.noun, tag: kind.plugin,
    sendPermission: `${kind.plugin}.write`, readPermission: `${kind.plugin}.read`, formats: ['pdf'],
    async load(kernel: Kernel, tx: Tx, id: string) {
      const { record } = await service.get(tx, id);
      const company = (await TenantService.current(tx)).name;
      return {
        number: record.number,
        refusal: UNSENDABLE.includes(record.status) ? `${kind.noun} ${record.number} is ${record.status} and cannot be sent` : null,
        customerEmail: (await ContactService.get(tx, record.contactId)).email ?? null,
        defaultSubject: `${named.charAt(0).toUpperCase()}${named.slice(1)} ${record.number} de ${company}`,
        defaultMessage: `Le enviamos ${article} ${named} ${record.number} por importe de ${formatEuro(record.total)}, válido hasta el ${record.validUntil}.\n\nUn saludo,\n${company}`,
        attachment: async () => {
          const file = await offerPdf(tx, kernel, kind, service, id);
          return { filename: file.filename, content: file.bytes, contentType: file.contentType };
        },
      };
    },
    async markSent(_kernel: Kernel, tx: Tx, id: string) {
      if ((await service.get(tx, id)).record.status === 'draft') await service.transition(tx, id, 'send');
    },
  };
}
