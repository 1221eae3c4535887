import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

/** The company-certificate plugin's environment variables (validated at start-up). */
export const companyCertificateSettings = defineSettings({
  /** Unset: a key is generated once and kept under DATA_DIR/secrets. */
  COMPANY_CERTIFICATE_ENCRYPTION_KEY: Type.Optional(Type.String({
    minLength: 16,
    description: "encrypts the companies' certificate keys at rest: 32 bytes as base64, base64url or hex, or a passphrase of at least 16 characters",
  })),
});
