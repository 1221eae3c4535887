import { Elysia, t, type TSchema } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import type { DocumentTables } from './kinds';

export const DocumentIdParams = t.Object({ id: t.String({ format: 'uuid' }) });

/** What a kind's routes on one document (`GET`, `PATCH`, `DELETE /<table>/{id}`) need from it. */
export interface DocumentItemRoutes<View, Patch> {
  /** Paths under `/<table>`, permissions `<plugin>.read` / `<plugin>.write`, tag `<plugin>`. */
  kind: Pick<DocumentTables, 'plugin' | 'table'>;
  /** The kind's named models; `responseModel` (a document) and `updateModel` (a draft's change) name two of them. */
  models: Record<string, TSchema>;
  responseModel: string;
  updateModel: string;
  get(tx: Tx, id: string): Promise<View>;
  update(tx: Tx, id: string, patch: Patch): Promise<View>;
  delete(tx: Tx, id: string): Promise<void>;
  /** The wire shape of a document, in the same transaction. */
  toJson(tx: Tx, view: View): unknown;
  summaries: { get: string; patch: string; delete: string };
}

/**
 * One document of a kind: read it, change a draft, delete a draft. The kind's service decides
 * (an issued document is 409); the wire shape is the kind's.
 */
export function documentItemRoutes<View, Patch>(kernel: Kernel, routes: DocumentItemRoutes<View, Patch>) {
  const { plugin, table } = routes.kind;
  const tags = [plugin];
  // the kind's own model names: Elysia checks them against `models` at run time
  const response = { 200: routes.responseModel } as any;
  return new Elysia({ name: `cuadra:${plugin}-item` })
    .use(kernel.http)
    .model(routes.models)
    .get(`/${table}/:id`, async ({ uow, params }) => uow.run(async (tx) => routes.toJson(tx, await routes.get(tx, params.id))), {
      permission: `${plugin}.read`, params: DocumentIdParams, response,
      detail: { summary: routes.summaries.get, tags },
    })
    .patch(`/${table}/:id`, async ({ uow, params, body }) => uow.run(async (tx) => routes.toJson(tx, await routes.update(tx, params.id, body as Patch))), {
      permission: `${plugin}.write`, params: DocumentIdParams, body: routes.updateModel as never, response,
      detail: { summary: routes.summaries.patch, tags },
    })
    .delete(`/${table}/:id`, async ({ uow, params, set }) => {
      await uow.run((tx) => routes.delete(tx, params.id));
      set.status = 204;
    }, {
      permission: `${plugin}.write`, params: DocumentIdParams,
      detail: { summary: routes.summaries.delete, tags },
    });
}
