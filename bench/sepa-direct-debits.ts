/**
 * A pain.008.001.08 remittance of 10,000 direct debits: built by the sepa plugin's builder (SEPA
 * transliteration, escaping, exact decimal sums, payment blocks per scheme and sequence type) and
 * validated against plugins/sepa/xsd with xmllint-wasm. Target: built and validated ≤ 2 s.
 *
 *   .tools/node_modules/.bin/bun bench/sepa-direct-debits.ts [--debits 10000] [--rounds 5]
 *
 * Baselines in the same run: the same document written by bare template strings (no
 * transliteration, no escaping, sums in plain numbers), and the xmllint validation alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateXML } from 'xmllint-wasm';

// by a computed path, so that deleting the sepa plugin (a leaf) leaves the repository type-checking
const sepaPlugin = ['..', 'plugins', 'sepa', ''].join('/');
const { creditorIdentifier, directDebitXml } = await import(`${sepaPlugin}api`);

const { values } = parseArgs({ options: { debits: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } } });
const count = Number(values.debits);
const schema = { fileName: 'pain.008.001.08.cuadra.xsd', contents: readFileSync(join(import.meta.dir, '../plugins/sepa/xsd/pain.008.001.08.cuadra.xsd'), 'utf8') };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (work: () => unknown) => { const start = performance.now(); await work(); return performance.now() - start; };

const sequences = ['FRST', 'RCUR', 'RCUR', 'RCUR', 'OOFF'] as const;
const debits = Array.from({ length: count }, (_, i) => ({
  endToEndId: `DD${String(i).padStart(10, '0')}`, amount: `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`,
  scheme: i % 10 === 0 ? 'B2B' : 'CORE', sequenceType: sequences[i % sequences.length], mandateReference: `MANDATO-${i}`, signatureDate: '2025-06-01',
  debtorName: `Cliente Núñez & Peña ${i} S.L.`, debtorIban: 'ES7921000813610123456789', debtorBic: i % 3 ? null : 'BSCHESMMXXX', remittance: `F-2026-${i}`,
}));
const remittance = {
  messageId: 'DD-BENCH-0001', createdAt: '2026-03-01T10:00:00', collectionDate: '2026-03-10',
  creditor: { name: 'Talleres Núñez S.L.', nif: 'B85626240', identifier: creditorIdentifier('B85626240'), iban: 'ES9121000418450200051332', bic: null },
  debits,
};

/** The same document by bare template strings: what building costs with no care for the character set or exact sums. */
function bareXml(): string {
  const parts: string[] = [];
  const groups = new Map<string, typeof debits>();
  for (const d of debits) {
    const key = `${d.scheme}/${d.sequenceType}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(d);
  }
  const total = debits.reduce((s, d) => s + Number(d.amount), 0).toFixed(2);
  parts.push(`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"><CstmrDrctDbtInitn><GrpHdr><MsgId>DD-BENCH-0001</MsgId><CreDtTm>2026-03-01T10:00:00</CreDtTm><NbOfTxs>${count}</NbOfTxs><CtrlSum>${total}</CtrlSum><InitgPty><Nm>Talleres Nunez S.L.</Nm></InitgPty></GrpHdr>`);
  let n = 0;
  for (const [key, group] of groups) {
    const [scheme, seq] = key.split('/');
    parts.push(`<PmtInf><PmtInfId>DD-BENCH-${++n}</PmtInfId><PmtMtd>DD</PmtMtd><NbOfTxs>${group.length}</NbOfTxs><CtrlSum>${group.reduce((s, d) => s + Number(d.amount), 0).toFixed(2)}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>${scheme}</Cd></LclInstrm><SeqTp>${seq}</SeqTp></PmtTpInf><ReqdColltnDt>2026-03-10</ReqdColltnDt><Cdtr><Nm>Talleres Nunez S.L.</Nm></Cdtr><CdtrAcct><Id><IBAN>ES9121000418450200051332</IBAN></Id></CdtrAcct><CdtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></CdtrAgt><ChrgBr>SLEV</ChrgBr><CdtrSchmeId><Id><PrvtId><Othr><Id>${remittance.creditor.identifier}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`);
    for (const d of group) {
      parts.push(`<DrctDbtTxInf><PmtId><EndToEndId>${d.endToEndId}</EndToEndId></PmtId><InstdAmt Ccy="EUR">${d.amount}</InstdAmt><DrctDbtTx><MndtRltdInf><MndtId>${d.mandateReference}</MndtId><DtOfSgntr>${d.signatureDate}</DtOfSgntr></MndtRltdInf></DrctDbtTx><DbtrAgt><FinInstnId>${d.debtorBic ? `<BICFI>${d.debtorBic}</BICFI>` : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId></DbtrAgt><Dbtr><Nm>${d.debtorName}</Nm></Dbtr><DbtrAcct><Id><IBAN>${d.debtorIban}</IBAN></Id></DbtrAcct><RmtInf><Ustrd>${d.remittance}</Ustrd></RmtInf></DrctDbtTxInf>`);
    }
    parts.push('</PmtInf>');
  }
  parts.push('</CstmrDrctDbtInitn></Document>\n');
  return parts.join('');
}

async function validate(xml: string) {
  const result = await validateXML({ xml: { fileName: 'remittance.xml', contents: xml }, schema });
  if (!result.valid) throw new Error(`not valid: ${result.errors.slice(0, 3).map((e) => e.rawMessage).join('; ')}`);
}

const ours: number[] = [], building: number[] = [], bare: number[] = [], xmllintAlone: number[] = [];
let xml = '';
for (let round = 0; round < Number(values.rounds); round++) {
  building.push(await time(() => { xml = directDebitXml(remittance); }));
  ours.push(await time(async () => validate(directDebitXml(remittance))));
  bare.push(await time(() => bareXml()));
  xmllintAlone.push(await time(() => validate(xml)));
}
const fmt = (x: number) => `${x.toFixed(1)} ms`;
console.log(`pain.008.001.08, ${count.toLocaleString('en')} debits, ${(xml.length / 1024 / 1024).toFixed(1)} MiB, median of ${values.rounds} rounds`);
console.log(`  built and validated (target ≤ 2,000 ms): ${fmt(median(ours))}  → ${median(ours) <= 2000 ? 'met' : 'NOT met'}`);
console.log(`  built only:                              ${fmt(median(building))}`);
console.log(`  baseline, bare template strings:         ${fmt(median(bare))}  (building costs ${(median(building) / median(bare)).toFixed(2)}× that)`);
console.log(`  baseline, xmllint validation alone:      ${fmt(median(xmllintAlone))}`);
