/**
 * Each tax model is a plugin of its own: without any one of aeat-303, aeat-111 and aeat-347 the
 * service boots, the other two models answer (CSV and history) and the missing one's routes are
 * 404 and out of OpenAPI. (test/kernel/leaf-plugins.test.ts also type-checks the repository
 * without each of them.)
 */
import { describe, expect, test } from 'bun:test';
import { pluginsWithout, startDocumentsApp } from '../../support/documents';
import { createCompany } from '../../support/factories';

const MODELS: Record<string, { plugin: string; csv: string }> = {
  '303': { plugin: 'aeat-303', csv: '/api/v1/aeat/303?year=2026&quarter=1' },
  '111': { plugin: 'aeat-111', csv: '/api/v1/aeat/111?year=2026&quarter=1' },
  '347': { plugin: 'aeat-347', csv: '/api/v1/aeat/347?year=2026' },
};

describe('removing one model plugin', () => {
  for (const [removed, { plugin }] of Object.entries(MODELS)) {
    test(`without ${plugin} the other models still answer`, async () => {
      const app = await startDocumentsApp({ plugins: await pluginsWithout(plugin) });
      try {
        expect(app.plugins.map((p) => p.name)).not.toContain(plugin);
        const company = await createCompany(app);
        const paths = Object.keys((await app.get('/openapi.json')).body.paths);
        for (const [code, model] of Object.entries(MODELS)) {
          const csv = await app.get(model.csv, company.token);
          const summary = await app.get(`/api/v1/aeat/${code}/summary?year=2026`, company.token);
          const expected = code === removed ? 404 : 200;
          expect([code, csv.status, summary.status, paths.includes(`/api/v1/aeat/${code}`)]).toEqual([code, expected, expected, code !== removed]);
          if (code !== removed) expect(csv.text.startsWith(code === '347' ? 'clave;nif;nombre' : 'casilla;concepto;importe\r\n')).toBe(true);
        }
      } finally {
        await app.close();
      }
    }, 200_000);
  }
});
