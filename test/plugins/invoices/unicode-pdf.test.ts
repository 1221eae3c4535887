import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import * as fontkit from 'fontkit';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontRuns, PDF_FONT_FILES } from '../../../lib/pdf-fonts';
import { COMPANY_ADDRESS, registerUser, VALID_CIFS } from '../../support/factories';
import { createContact, download, hasBinary, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/**
 * Every PDF the service writes prints names in any Latin script, Greek, Cyrillic and Japanese as
 * written: the text poppler's pdftotext extracts (what a reader copies or searches) is the name.
 */
const NAMES = {
  polish: 'Łódź Żółć Sp. z o.o.',
  greek: 'Αθηναϊκή Εμπορική Α.Ε.',
  czech: 'Příliš žluťoučký kůň s.r.o.',
  japanese: '株式会社東京商事',
  russian: 'ООО «Москва»',
  mixed: 'Sucursal 東京 Łódź',
};

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

async function company(name: string) {
  const user = await registerUser(app);
  const res = await app.post('/api/v1/auth/onboarding/complete', { name, tax_id: VALID_CIFS[2], ...COMPANY_ADDRESS, address: 'ul. Piotrkowska 1 · Ελληνικό 2' }, user.token);
  expect(res.status).toBe(200);
  return { token: res.body.access_token as string, tenantId: res.body.tenant.id as string };
}

const poppler = (tool: string, bytes: Uint8Array) => Bun.spawnSync([tool, '-'], { stdin: bytes, stdout: 'pipe' }).stdout.toString();
const fontsOf = (bytes: Uint8Array) => poppler('pdffonts', bytes);
const pagesOf = (bytes: Uint8Array) => Number(/^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', bytes))?.[1]);

describe('Unicode text in PDFs', () => {
  test('pdftotext is available (npm test installs poppler-utils)', () => {
    expect(hasBinary('pdftotext')).toBe(true);
  });

  test('every PDF writer of the service draws through the embedded fonts, never a standard PDF font', () => {
    const root = join(import.meta.dir, '..', '..', '..');
    const writers = ['kernel', 'lib', 'plugins'].flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts')).map((file) => join(root, dir, file)))
      .filter((file) => /(from |import\()'pdfkit'/.test(readFileSync(file, 'utf8')));
    expect(writers.length).toBeGreaterThanOrEqual(2);
    for (const file of writers) {
      const source = readFileSync(file, 'utf8');
      expect([file, source.includes('embedFonts(doc)'), /Helvetica|Times-|Courier/.test(source)]).toEqual([file, true, false]);
    }
  });

  test('the embedded fonts have a glyph for every character of the test names', () => {
    const faces = Object.fromEntries(Object.entries(PDF_FONT_FILES).map(([name, path]) => [name, fontkit.create(readFileSync(path)) as fontkit.Font]));
    for (const name of Object.values(NAMES)) {
      for (const weight of ['regular', 'bold'] as const) {
        for (const run of fontRuns(name, weight)) {
          const missing = [...run.text].filter((c) => !faces[run.font].hasGlyphForCodePoint(c.codePointAt(0)!));
          expect([name, run.font, missing]).toEqual([name, run.font, []]);
        }
      }
    }
    expect(fontRuns(NAMES.mixed).map((r) => r.font)).toEqual(['regular', 'japaneseRegular', 'regular']);
  });

  test('the invoice PDF prints the issuer, customer, lines and notes exactly', async () => {
    const issuer = await company(NAMES.czech);
    const customer = await createContact(app, issuer.token, { name: NAMES.polish, legal_name: NAMES.polish, address: NAMES.greek, city: 'Kraków' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2026-05-04', notes: NAMES.mixed,
      lines: [
        { description: NAMES.japanese, quantity: '1', unit_price: '10.00', tax_type_id: taxId(issuer, 'IVA21') },
        { description: NAMES.russian, quantity: '2', unit_price: '5.00', tax_type_id: taxId(issuer, 'IVA21') },
      ],
    }, issuer.token);
    expect(res.status).toBe(201);
    const pdf = await download(app, `/api/v1/invoices/${res.body.id}/pdf`, issuer.token);
    expect(pdf.status).toBe(200);
    const text = pdfTexts(pdf.bytes, 'raw').join('\n');
    for (const name of [NAMES.czech, NAMES.polish, NAMES.greek, NAMES.japanese, NAMES.russian, 'Kraków', 'ul. Piotrkowska 1 · Ελληνικό 2']) {
      expect([name, text.includes(name)]).toEqual([name, true]);
    }
    expect(text).toContain(`Observaciones: ${NAMES.mixed}`);
    expect(text).not.toContain('?');
    const fonts = fontsOf(pdf.bytes);
    expect(fonts).toContain('NotoSans');
    expect(fonts).toContain('ZenKakuGothicNew');
    expect(fonts).not.toContain('Helvetica');
    expect(pagesOf(pdf.bytes)).toBe(1); // the footer's taller line does not open a page of its own
    // subsets: only the glyphs used are embedded, so the PDF stays small
    expect(pdf.bytes.length).toBeLessThan(400_000);
  });

  test('the contacts PDF export prints every name exactly', async () => {
    const own = await company(NAMES.greek);
    for (const name of Object.values(NAMES)) await createContact(app, own.token, { name, kind: 'customer' });
    const pdf = await download(app, '/api/v1/contacts/export?format=pdf&columns=name,city', own.token);
    expect(pdf.status).toBe(200);
    const lines = pdfTexts(pdf.bytes);
    for (const name of Object.values(NAMES)) expect(lines).toContain(name);
    expect(lines).toContain(`Contactos - ${NAMES.greek}`);
    expect(fontsOf(pdf.bytes)).not.toContain('Helvetica');
    expect(pagesOf(pdf.bytes)).toBe(1);
  });
});
