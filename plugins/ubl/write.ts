import type { EInvoice, WriteOptions } from '../einvoice/api';

/** PLACEHOLDER until the UBL writer lands (branch einv-core). */
export async function writeUbl(_invoice: EInvoice, _options: WriteOptions): Promise<Uint8Array> {
  throw new Error('UBL writer not written yet');
}
