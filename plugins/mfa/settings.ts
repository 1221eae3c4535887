import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

/** The MFA plugin's environment variables (validated at start-up). */
export const mfaSettings = defineSettings({
  /** Unset: a key is generated once and kept under DATA_DIR/secrets. */
  MFA_ENCRYPTION_KEY: Type.Optional(Type.String({
    minLength: 16,
    description: 'encrypts TOTP secrets at rest: 32 bytes as base64, base64url or hex, or a passphrase of at least 16 characters',
  })),
});
