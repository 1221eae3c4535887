/** The MFA secrets are sealed with the shared secret box (lib/secret-box.ts). */
export { SecretBox } from '../../lib/secret-box';
