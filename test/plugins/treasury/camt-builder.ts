/** A CAMT.053 statement in the shape of version .001.`version` (02 to 08) with four entries, every amount in `currency`. */
export function camt053(version: string, iban = 'ES9121000418450200051332', currency = 'EUR'): string {
  const v = Number(version);
  const status = (code: string) => (v >= 8 ? `<Sts><Cd>${code}</Cd></Sts>` : `<Sts>${code}</Sts>`);
  const party = (name: string) => (v >= 8 ? `<Pty><Nm>${name}</Nm></Pty>` : `<Nm>${name}</Nm>`);
  const txAmount = (amount: string, indicator: string) => (v >= 3 ? `<Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>` : `<AmtDtls><TxAmt><Amt Ccy="${currency}">${amount}</Amt></TxAmt></AmtDtls>`);
  const charges = v >= 4 ? `<Chrgs><TtlChrgsAndTaxAmt Ccy="${currency}">2.50</TtlChrgsAndTaxAmt><Rcrd><Amt Ccy="${currency}">2.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><ChrgInclInd>true</ChrgInclInd></Rcrd></Chrgs>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${v}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-02-01T08:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-01</Id>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="${currency}">1210.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status('BOOK')}
        <BookgDt><Dt>2026-01-10</Dt></BookgDt><ValDt><Dt>2026-01-10</Dt></ValDt><AcctSvcrRef>ACCT-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${txAmount('1210.00', 'CRDT')}
          <RltdPties><Dbtr>${party('Cliente Ejemplo, S.L.')}</Dbtr><DbtrAcct><Id><IBAN>ES7921000813610123456789</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>Factura F-2026-000001</Ustrd><Strd><CdtrRefInf><Ref>F-2026-000001</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="${currency}">500.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>${status('BOOK')}
        <BookgDt><DtTm>2026-01-12T10:00:00</DtTm></BookgDt><ValDt><Dt>2026-01-12</Dt></ValDt><AcctSvcrRef>ACCT-2</AcctSvcrRef>
        <NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
          <TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs>${txAmount('300.00', 'DBIT')}<RltdPties><Cdtr>${party('Proveedor Uno SL')}</Cdtr></RltdPties><RmtInf><Ustrd>Pago remesa 1</Ustrd></RmtInf></TxDtls>
          <TxDtls><Refs><EndToEndId>E2E-2</EndToEndId></Refs>${txAmount('200.00', 'DBIT')}<RltdPties><Cdtr>${party('Proveedor Dos &amp; Cía')}</Cdtr></RltdPties><RmtInf><Ustrd>Pago remesa 2</Ustrd></RmtInf></TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="${currency}">497.50</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status('BOOK')}
        <BookgDt><Dt>2026-01-15</Dt></BookgDt><AcctSvcrRef>ACCT-3</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${txAmount('497.50', 'CRDT')}${charges}
          <RltdPties><Dbtr>${party('Cliente Dos')}</Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>F-2026-000002</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="${currency}">99.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>${status('PDNG')}<BookgDt><Dt>2026-01-31</Dt></BookgDt>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
