import { t } from 'elysia';

export const companyCertificateModels = {
  CompanyCertificate: t.Object({
    subject: t.String({ description: "The certificate's subject (distinguished name)" }),
    nif: t.Union([t.String(), t.Null()], { description: 'The NIF the certificate names (organizationIdentifier VATES-…, else serialNumber IDCES-…)' }),
    issuer: t.String({ description: 'The issuing authority (distinguished name)' }),
    serial_number: t.String({ description: 'Serial number, hexadecimal' }),
    valid_from: t.String({ format: 'date-time' }),
    valid_to: t.String({ format: 'date-time' }),
    uploaded_at: t.String({ format: 'date-time' }),
  }, { description: "The company's signing certificate; the private key is never returned" }),
};
