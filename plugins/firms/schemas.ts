import { t } from 'elysia';
import { Nullable } from '../../kernel/schemas';


export const FirmRole = t.Union([t.Literal('admin'), t.Literal('accountant'), t.Literal('member'), t.Literal('viewer')], {
  description: 'What the firm\'s members may do in the client company (never above their own role in the firm); a firm is never an owner',
});
const Party = t.Object({ id: t.String({ format: 'uuid' }), name: Nullable(t.String()), tax_id: Nullable(t.String()) });

export const FirmAccess = t.Object({
  id: t.String({ format: 'uuid' }),
  client: Party,
  firm: Party,
  role: FirmRole,
  status: t.Union([t.Literal('pending'), t.Literal('active'), t.Literal('declined'), t.Literal('revoked')], {
    description: '`pending` until the firm accepts; `active`: the firm\'s members act with `role`; `declined` by the firm; `revoked` by the client',
  }),
  granted_at: t.String({ format: 'date-time' }),
  answered_at: Nullable(t.String({ format: 'date-time' })),
  revoked_at: Nullable(t.String({ format: 'date-time' })),
});

export const FirmAccessCreate = t.Object({
  firm_tax_id: t.String({ minLength: 9, maxLength: 12, description: 'The tax id of the accounting firm (a company of kind `firm` in Cuadra)' }),
  role: FirmRole,
});
export const FirmAccessUpdate = t.Object({ role: FirmRole });
export const FirmAccessList = t.Array(FirmAccess);

export const firmModels = { FirmAccess, FirmAccessCreate, FirmAccessUpdate, FirmAccessList };
