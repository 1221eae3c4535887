import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Turns a key setting (e.g. MFA_ENCRYPTION_KEY: 32 bytes as base64/base64url/hex, or any passphrase) into an AES-256 key. */
function keyFrom(material: string): Buffer {
  const trimmed = material.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64url');
  if (decoded.length === 32 && /^[A-Za-z0-9_\-+/]+=*$/.test(trimmed)) return decoded;
  return createHash('sha256').update(trimmed).digest();
}

/**
 * AES-256-GCM for secrets that must be read back (TOTP seeds, a company's certificate key: none
 * can be hashed). Each value gets a random 96-bit nonce; `context` (the owner's id: a user, a
 * tenant) is authenticated data, so a ciphertext copied to another owner's row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(material: string) {
    this.key = keyFrom(material);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed secret format');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
