import { Conflict, Unprocessable, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import type { InvoiceView } from '../invoices/api';
import { buildEInvoice } from './build';
import type { EInvoice } from './model';
import { businessRuleViolations } from './rules';
import { UnprocessableEInvoice, type EInvoiceSyntax, type XmlSigner } from './syntaxes';

/**
 * An issued invoice as an e-invoice file in one of the installed syntaxes (`einvoice-syntaxes`),
 * signed with the company's certificate (`einvoice-signing`) when the syntax signs and it is asked.
 * Used by GET /invoices/{id}/einvoice and by sending (`invoice-attachments`).
 */

/** The installed syntaxes' names, in load order. */
export const installedSyntaxes = (kernel: Kernel): string[] => kernel.contributions('einvoice-syntaxes').map((s) => s.name);

const PROBE_SIGNER: XmlSigner = { sign: async (xml) => xml };

/** Whether a syntax signs its output when given a signer (its own word, or its extension changing with one). */
export const syntaxSigns = (syntax: EInvoiceSyntax): boolean => syntax.signs ?? syntax.extension({ signer: PROBE_SIGNER }) !== syntax.extension({ signer: null });

/** The installed syntax of that name; 422 naming the installed ones otherwise. */
export function syntaxNamed(kernel: Kernel, name: string, loc: (string | number)[] = ['query', 'format']): EInvoiceSyntax {
  const syntax = kernel.contributions('einvoice-syntaxes').find((s) => s.name === name);
  if (syntax) return syntax;
  const installed = installedSyntaxes(kernel);
  throw ValidationFailed.field(loc, `Unknown e-invoice format "${name}": installed formats are ${installed.length ? installed.join(', ') : 'none'}`, 'enum');
}

export interface EInvoiceFile { bytes: Uint8Array; contentType: string; filename: string; model: EInvoice; signed: boolean }

/**
 * How a signature is chosen: `required` (signed=true on the route: 409 without a certificate),
 * `none` (signed=false), `when-available` (sending: signed if the company has a certificate).
 */
export type SigningChoice = 'required' | 'none' | 'when-available';

/** 422 listing the EN 16931 rules the invoice breaks. */
export function assertBusinessRules(model: EInvoice): void {
  const violations = businessRuleViolations(model);
  if (violations.length) throw new Unprocessable(`The invoice breaks EN 16931 business rules: ${violations.join('; ')}`);
}

export async function renderEInvoice(kernel: Kernel, tx: Tx, view: InvoiceView, format: string, signing: SigningChoice): Promise<EInvoiceFile> {
  const syntax = syntaxNamed(kernel, format);
  const model = await unprocessable(() => buildEInvoice(kernel, tx, view));
  assertBusinessRules(model);
  let signer: XmlSigner | null = null;
  if (signing !== 'none' && syntaxSigns(syntax)) {
    const [signingPlugin] = kernel.contributions('einvoice-signing');
    signer = signingPlugin ? await signingPlugin.signerFor(tx.tenantId, tx) : null;
    if (!signer && signing === 'required') {
      const certificate = signingPlugin?.certificateState ? await signingPlugin.certificateState(tx) : null;
      if (certificate?.state === 'expired') {
        throw new Conflict(`A signed ${syntax.name} e-invoice needs a valid certificate, and the company's expired on ${certificate.validTo!.slice(0, 10)}: upload a new one (POST /api/v1/tenants/me/certificate) or ask for signed=false`);
      }
      if (certificate?.state === 'not_yet_valid') {
        throw new Conflict(`A signed ${syntax.name} e-invoice needs a valid certificate, and the company's is valid only from ${certificate.validFrom!.slice(0, 10)}: wait until then, upload another one (POST /api/v1/tenants/me/certificate) or ask for signed=false`);
      }
      throw new Conflict(`A signed ${syntax.name} e-invoice needs the company's certificate: upload it (POST /api/v1/tenants/me/certificate) or ask for signed=false`);
    }
  }
  const bytes = await unprocessable(() => syntax.write(model, { signer }));
  return { bytes, contentType: syntax.contentType, filename: `${model.number}.${syntax.extension({ signer })}`, model, signed: !!signer };
}

/** An invoice a syntax (or the model) cannot carry: 422 with the reason. */
async function unprocessable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnprocessableEInvoice) throw new Unprocessable(error.message);
    throw error;
  }
}
