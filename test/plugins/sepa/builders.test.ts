/**
 * The pure pieces of SEPA files: identifiers checked against published examples, the SEPA
 * character set, and both messages built and validated against the schemas in plugins/sepa/xsd.
 */
import { describe, expect, test } from 'bun:test';
import { creditorIdentifier, creditTransferXml, directDebitXml, sepaText, validBic, validIban, type DirectDebit } from '../../../plugins/sepa/api';
import { schemaErrors, texts } from './sepa-schema';

describe('identifiers', () => {
  test('creditor identifier (AT-02) from a NIF matches published Spanish examples', () => {
    // EADTrust's published identifier ES77000B85626240 and the 12345678J example ES05000…, with business code ZZZ
    // (the business code is outside the check digits, so only it differs)
    expect(creditorIdentifier('B85626240')).toBe('ES77ZZZB85626240');
    expect(creditorIdentifier('12345678J')).toBe('ES05ZZZ12345678J');
    expect(creditorIdentifier('b-85626240', '000')).toBe('ES77000B85626240');
  });

  test('IBAN: country length and mod-97; BIC: 8 or 11 characters in the ISO 9362 shape', () => {
    expect(validIban('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
    expect(validIban('ES9121000418450200051333')).toBeNull(); // check digits
    expect(validIban('ES91210004184502000513')).toBeNull(); // Spanish IBANs have 24 characters
    expect(validIban('DE89370400440532013000')).toBe('DE89370400440532013000');
    expect(validBic('caix es bb xxx')).toBe('CAIXESBBXXX');
    expect(validBic('BSCHESMM')).toBe('BSCHESMM');
    expect(validBic('CAIX1SBB')).toBeNull();
    expect(validBic('CAIXESB')).toBeNull();
    expect(validBic('CAIXESBBXX')).toBeNull();
  });

  test('names are transliterated to the SEPA character set and cut to length', () => {
    expect(sepaText('Ñandú & Cía., S.L. «Güell» €50 日本', 70)).toBe("Nandu + Cia., S.L. 'Guell' 50");
    expect(sepaText('Çàéïõü ß Øre', 70)).toBe('Caeiou ss Ore');
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
    expect(sepaText('<script>x</script>', 70)).toBe('script x /script');
  });
});

const debtor = { name: 'Talleres Núñez S.L.', nif: 'B85626240', iban: 'ES9121000418450200051332', bic: null };

describe('pain.001.001.09', () => {
  const order = {
    messageId: 'PO0123456789', createdAt: '2026-03-01T10:00:00', executionDate: '2026-03-05', debtor,
    transfers: [
      { endToEndId: 'E2E-1', amount: '1210.00', creditorName: 'Transportes Galaica S.A.', creditorIban: 'ES7921000813610123456789', creditorBic: 'CAIXESBBXXX', remittance: 'FR-2026/17' },
      { endToEndId: 'E2E-2', amount: '0.10', creditorName: 'Ferretería Ñ & Hijos', creditorIban: 'DE89370400440532013000', creditorBic: null, remittance: 'A-9' },
      { endToEndId: 'E2E-3', amount: '0.20', creditorName: 'Ferretería Ñ & Hijos', creditorIban: 'DE89370400440532013000', creditorBic: null, remittance: 'A-10' },
    ],
  };

  test('header totals are exact, every transfer carries its amount, party, account and invoice number; valid against the schema', async () => {
    const xml = creditTransferXml(order);
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3']);
    // 0.10 + 0.20 in binary floating point is 0.30000000000000004
    expect(texts(xml, 'CtrlSum')).toEqual(['1210.30', '1210.30']);
    expect(texts(xml, 'InstdAmt')).toEqual(['1210.00', '0.10', '0.20']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">1210.00</InstdAmt>');
    expect(texts(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(xml).toContain('<ReqdExctnDt><Dt>2026-03-05</Dt></ReqdExctnDt>');
    expect(texts(xml, 'Nm')).toEqual(['Talleres Nunez S.L.', 'Talleres Nunez S.L.', 'Transportes Galaica S.A.', 'Ferreteria N + Hijos', 'Ferreteria N + Hijos']);
    expect(texts(xml, 'Ustrd')).toEqual(['FR-2026/17', 'A-9', 'A-10']);
    expect(texts(xml, 'BICFI')).toEqual(['CAIXESBBXXX']);
    expect(texts(xml, 'EndToEndId')).toEqual(['E2E-1', 'E2E-2', 'E2E-3']);
  });

  test('the schema refuses what a bank would: a third decimal, a missing debtor account', async () => {
    const xml = creditTransferXml(order);
    expect(await schemaErrors(xml.replace('>0.10<', '>0.105<'), 'pain.001.001.09')).not.toEqual([]);
    expect(await schemaErrors(xml.replace(/<DbtrAcct>.*?<\/DbtrAcct>/, ''), 'pain.001.001.09')).not.toEqual([]);
  });
});

describe('pain.008.001.08', () => {
  const debit = (scheme: 'CORE' | 'B2B', sequenceType: 'FRST' | 'RCUR' | 'OOFF', amount: string, n: number): DirectDebit => ({
    endToEndId: `E2E-${n}`, amount, scheme, sequenceType, mandateReference: `MANDATO-${n}`, signatureDate: '2025-12-01',
    debtorName: `Cliente ${n} S.L.`, debtorIban: 'ES7921000813610123456789', debtorBic: n % 2 ? 'BSCHESMMXXX' : null, remittance: `F-2026-${n}`,
  });
  const remittance = {
    messageId: 'DD0123456789', createdAt: '2026-03-01T10:00:00', collectionDate: '2026-03-10',
    creditor: { ...debtor, identifier: creditorIdentifier(debtor.nif) },
    debits: [debit('CORE', 'RCUR', '100.00', 1), debit('B2B', 'OOFF', '50.05', 2), debit('CORE', 'FRST', '20.00', 3), debit('CORE', 'RCUR', '0.01', 4)],
  };

  test('one payment block per scheme and sequence type, with its own totals; creditor identifier and mandates; valid against the schema', async () => {
    const xml = directDebitXml(remittance);
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(texts(xml, 'SeqTp')).toEqual(['FRST', 'RCUR', 'OOFF']);
    expect([...xml.matchAll(/<LclInstrm><Cd>(\w+)<\/Cd><\/LclInstrm>/g)].map((m) => m[1])).toEqual(['CORE', 'CORE', 'B2B']);
    expect(texts(xml, 'NbOfTxs')).toEqual(['4', '1', '2', '1']);
    expect(texts(xml, 'CtrlSum')).toEqual(['170.06', '20.00', '100.01', '50.05']);
    expect(texts(xml, 'MndtId')).toEqual(['MANDATO-3', 'MANDATO-1', 'MANDATO-4', 'MANDATO-2']);
    expect(texts(xml, 'DtOfSgntr')).toEqual(['2025-12-01', '2025-12-01', '2025-12-01', '2025-12-01']);
    expect(new Set(texts(xml, 'Id').filter((id) => id.startsWith('ES77')))).toEqual(new Set(['ES77ZZZB85626240']));
    expect(texts(xml, 'ReqdColltnDt')).toEqual(['2026-03-10', '2026-03-10', '2026-03-10']);
  });

  test('the schema refuses an unknown sequence type and a missing collection date', async () => {
    const xml = directDebitXml(remittance);
    expect(await schemaErrors(xml.replace('<SeqTp>FRST', '<SeqTp>FNAX'), 'pain.008.001.08')).not.toEqual([]);
    expect(await schemaErrors(xml.replace(/<ReqdColltnDt>[^<]*<\/ReqdColltnDt>/, ''), 'pain.008.001.08')).not.toEqual([]);
  });
});
