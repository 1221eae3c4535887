import type { ReadEInvoice, SignatureVerifier } from '../einvoice/api';

/** PLACEHOLDER until the UBL reader lands (branch einv-in). */
export async function readUbl(_bytes: Uint8Array, _verifier: SignatureVerifier | null): Promise<ReadEInvoice> {
  throw new Error('UBL reader not written yet');
}
