/**
 * Writes the evaluation corpus to test/fixtures/purchase-layouts/: for every invoice of invoices.ts
 * its PDF (by its own generator) and its label `<id>.json` (the hand-written expected fields); then
 * the scans and photos (degrade.ts). Build-time tools: Chromium (/usr/bin/chromium, through
 * playwright-core), pdfkit, python3-reportlab, groff + ghostscript, enscript, poppler-utils,
 * ImageMagick; none is needed by the tests, which read the committed files.
 *
 *   .tools/node_modules/.bin/bun infra/purchase-layouts/generate.ts [--only id,id] [--no-images]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { INVOICES } from './invoices';
import { check, type Invoice } from './model';
import { HTML_LAYOUTS } from './render-html';
import { PDFKIT_LAYOUTS } from './render-pdfkit';
import { GROFF_LAYOUTS, ENSCRIPT_LAYOUTS } from './render-text';
import { degradeAll } from './degrade';

export const OUT = join(import.meta.dir, '..', '..', 'test', 'fixtures', 'purchase-layouts');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const selected = INVOICES.filter((inv) => !only || only.includes(inv.id));

const problems = INVOICES.flatMap(check);
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
mkdirSync(OUT, { recursive: true });

function run(cmd: string, argv: string[], input?: string | Buffer, env?: Record<string, string>): Buffer {
  const r = spawnSync(cmd, argv, { input, maxBuffer: 64 * 1024 * 1024, env: env ? { ...process.env, ...env } : process.env });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')}: ${r.stderr?.toString()}`);
  return r.stdout;
}

async function pdfOf(inv: Invoice, browser: Awaited<ReturnType<typeof chromium.launch>> | null): Promise<Buffer> {
  switch (inv.generator) {
    case 'chromium': {
      const { html, pdf } = HTML_LAYOUTS[inv.id](inv);
      const page = await browser!.newPage();
      await page.setContent(`<!doctype html><html lang="es"><meta charset="utf-8">${html}</html>`);
      const bytes = await page.pdf({ ...pdf, printBackground: true });
      await page.close();
      return Buffer.from(bytes);
    }
    case 'pdfkit': return PDFKIT_LAYOUTS[inv.id](inv);
    case 'reportlab': {
      const dir = mkdtempSync(join(tmpdir(), 'layouts-'));
      try {
        run('/usr/bin/python3', [join(import.meta.dir, 'render_reportlab.py'), inv.id, join(dir, 'out.pdf')], JSON.stringify(inv));
        return readFileSync(join(dir, 'out.pdf'));
      } finally { rmSync(dir, { recursive: true, force: true }); }
    }
    case 'groff': {
      const ps = run('groff', ['-t', '-ms', '-Kutf8', '-Tps', '-dpaper=a4', '-P-pa4'], GROFF_LAYOUTS[inv.id](inv));
      return run('ps2pdf', ['-sPAPERSIZE=a4', '-dPDFSETTINGS=/prepress', '-', '-'], ps);
    }
    case 'enscript': {
      const { text, args: extra } = ENSCRIPT_LAYOUTS[inv.id](inv);
      const latin1 = Buffer.from(text, 'latin1');
      // a receipt's media (80 mm × ~200 mm) is declared in an enscript configuration file of its own
      const home = mkdtempSync(join(tmpdir(), 'layouts-'));
      writeFileSync(join(home, '.enscriptrc'), 'Media: Ticket 227 560 8 8 219 552\n');
      const ps = run('enscript', ['-q', '-B', '-X', 'latin1', '-o', '-', ...extra], latin1, { HOME: home });
      rmSync(home, { recursive: true, force: true });
      return run('ps2pdf', [...(extra.includes('--media=Ticket') ? ['-dDEVICEWIDTHPOINTS=227', '-dDEVICEHEIGHTPOINTS=560', '-dFIXEDMEDIA'] : ['-sPAPERSIZE=a4']), '-', '-'], ps);
    }
  }
}

const browser = selected.some((i) => i.generator === 'chromium') ? await chromium.launch({ executablePath: '/usr/bin/chromium' }) : null;
try {
  for (const inv of selected) {
    const pdf = await pdfOf(inv, browser);
    writeFileSync(join(OUT, `${inv.id}.pdf`), pdf);
    const label = { id: inv.id, generator: inv.generator, family: inv.family, tests: inv.tests, own_tax_ids: [inv.customer.taxId], expected: inv.expected, scan: inv.scan ? (inv.scan.asPdf ? `${inv.id}.scan.pdf` : `${inv.id}.scan.jpg`) : null, photo: inv.photo ? `${inv.id}.photo.jpg` : null };
    writeFileSync(join(OUT, `${inv.id}.json`), `${JSON.stringify(label, null, 2)}\n`);
    console.log(`${inv.id}.pdf ${(pdf.length / 1024).toFixed(0)} KB`);
  }
} finally { await browser?.close(); }
if (!args.includes('--no-images')) await degradeAll(selected, OUT);
