import type { Kernel } from '../../../kernel/kernel';
import type { CuadraPlugin } from '../../../kernel/plugin';
import { rolesFrom } from '../../../kernel/roles';
import { wantsKind } from '../../../lib/search';
import { offerToJson } from './json';
import type { OfferKind } from './kind';
import { offerRoutes } from './routes';
import { offerModels } from './schemas';
import { sendableOffer } from './sending';
import { offerService } from './service';

/**
 * What an offer kind's `definePlugin` is made of: its routes, models, permissions (`<plugin>.read`
 * viewer+, `<plugin>.write` member+, like invoices), the contact hooks (a contact with offers is not
 * deleted; a merge repoints them), the account export, tenant erasure and the search box. The kind adds its own
 * migrations (`offerTablesSql`) and the invoices plugin to `dependsOn`, since conversions go through it.
 */
export function offerPlugin(kind: OfferKind): CuadraPlugin & { name: string; dependsOn: string[] } {
  const service = offerService(kind);
  const schemas = offerModels(kind);
  const { plugin } = kind;
  return {
    name: plugin,
    dependsOn: ['tenants', 'contacts', 'taxes', 'documents'],
    tags: { [plugin]: kind.description },
    models: schemas.models,
    permissions: { [`${plugin}.read`]: rolesFrom('viewer'), [`${plugin}.write`]: rolesFrom('member') },
    routes: (kernel: Kernel) => offerRoutes(kernel, kind, service, schemas),
    // POST /<plugin>/{id}/send and GET …/sendings when the document-sending plugin is installed
    contributesIfInstalled: { 'sendable-documents': [sendableOffer(kind, service)] },
    hooks: {
      sync: {
        'contact.merging': async (tx, payload) => { payload.repointed += await service.repoint(tx, payload.survivorId, payload.duplicateIds); },
        'contact.deleting': async (tx, payload) => { payload.references += await service.references(tx, payload.contactId); },
        'account.exporting': async (tx, payload) => { payload.sections[plugin] = { [plugin]: (await service.exportAll(tx)).map(offerToJson) }; },
        'tenant.erasing': async (tx) => { await service.eraseTenant(tx); },
        // answered when the search plugin is installed (GET /search, kind `<plugin>`); a group only
        // with hits, so a search that finds no offer answers as it did before offer kinds existed
        'search.collecting': async (tx, payload) => {
          if (!wantsKind(payload, plugin) || !payload.allowed(`${plugin}.read`)) return;
          const group = await service.searchHits(tx, payload.needle, payload.limit);
          if (group.items.length) payload.groups.push(group);
        },
      },
    },
  };
}
