import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

export const oauthSettings = defineSettings({
  OAUTH_ALLOW_LOOPBACK_CLIENT_METADATA: Type.Boolean({
    default: false,
    description: 'Accept client metadata documents (client_id URLs) served over plain HTTP from 127.0.0.1 or localhost: development and tests only',
  }),
});
