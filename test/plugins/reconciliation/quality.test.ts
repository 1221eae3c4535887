import { describe, expect, test } from 'bun:test';
import { ruleCategories } from '../../../plugins/reconciliation/categories';
import { measureQuality } from '../../../plugins/reconciliation/quality';
import { Matcher } from '../../../plugins/reconciliation/scoring';
import { nameSimilarity, nameTokens } from '../../../plugins/reconciliation/text';
import { generateDataset } from '../../fixtures/reconciliation-data';

describe('reconciliation quality on generated, labelled data', () => {
  test('the generator is deterministic and carries every kind of noise', () => {
    const a = generateDataset({ seed: 3, documents: 300, movements: 150 });
    const b = generateDataset({ seed: 3, documents: 300, movements: 150 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(new Set(a.movements.map((m) => m.noise))).toEqual(new Set(['exact', 'fee', 'rounded', 'grouped', 'wrong_reference', 'equal_amount', 'iban_only', 'partial', 'category', 'unrelated']));
  });

  test('precision@1 ≥ 0.95, recall ≥ 0.90, few ambiguous, categories right', () => {
    const data = generateDataset({ seed: 14, documents: 600, movements: 300 });
    const matcher = new Matcher(data.documents, data.contacts);
    const report = measureQuality(data.movements.map((m) => ({ suggestions: matcher.suggest(m.movement), label: m.label, noise: m.noise })));
    expect(report.movements).toBe(300);
    expect(report.precisionAt1).toBeGreaterThanOrEqual(0.95);
    expect(report.recall).toBeGreaterThanOrEqual(0.9);
    expect(report.ambiguousRate).toBeLessThanOrEqual(0.05);
    expect(report.categoryAccuracy).toBeGreaterThanOrEqual(0.9);
  });

  test('the order the documents and contacts are read in changes nothing: candidates, ties and proposals come out the same', () => {
    const data = generateDataset({ seed: 15, documents: 600, movements: 300 });
    // a fixed shuffle, and the reverse: equal amounts, equal scores and shared due days are the ties in question
    const shuffled = <T>(items: readonly T[]) => items.map((item, i) => ({ item, key: (i * 7919) % 1009 })).sort((a, b) => a.key - b.key).map((x) => x.item);
    const outputs = [
      new Matcher(data.documents, data.contacts),
      new Matcher([...data.documents].reverse(), [...data.contacts].reverse()),
      new Matcher(shuffled(data.documents), shuffled(data.contacts)),
    ].map((matcher) => data.movements.map((m) => JSON.stringify(matcher.suggest(m.movement))));
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  test('a name cut short and reordered is still the contact; a namesake sharing one common word is not', () => {
    const party = nameTokens('Juan Martínez Etxeberria');
    expect(nameSimilarity(nameTokens('MARTINEZ ETXEBERRIA JU'), party)).toBeGreaterThan(0.85);
    expect(nameSimilarity(nameTokens('TALLERES DUERO'), nameTokens('Talleres Montes S.L.'))).toBeLessThan(0.6);
  });

  test('equal amounts owed by two customers: the name decides; nothing named, it is ambiguous', () => {
    const contacts = [{ id: 'c1', names: ['Gráficas Levante S.L.'] }, { id: 'c2', names: ['Transportes Galaica S.A.'] }];
    const doc = (id: string, contactId: string) => ({ id, kind: 'receivable' as const, number: `F-${id}`, label: `F-${id}`, contactId, issueDate: '2026-03-01', dueDate: '2026-03-31', outstanding: '1210.00' });
    const matcher = new Matcher([doc('001', 'c1'), doc('002', 'c2')], contacts);
    const named = matcher.suggest({ id: 'm', date: '2026-03-30', amount: '1210.00', description: 'TRANSFERENCIA DE TRANSPORTES GALAICA', reference: null, counterparty: 'TRANSPORTES GALAICA', counterpartyIban: null });
    expect(named.proposal?.documents.map((d) => d.id)).toEqual(['002']);
    const anonymous = matcher.suggest({ id: 'm', date: '2026-03-30', amount: '1210.00', description: 'INGRESO', reference: null, counterparty: null, counterpartyIban: null });
    expect(anonymous.ambiguous || anonymous.proposal === null).toBe(true);
    expect(anonymous.proposal).toBeNull();
  });

  test('categories: bank fees, VAT, social security and payroll, by direction', () => {
    expect(ruleCategories('COMISION MANTENIMIENTO CUENTA', false)[0].account).toBe('626');
    expect(ruleCategories('AGENCIA TRIBUTARIA MODELO 303', false)[0].account).toBe('4750');
    expect(ruleCategories('TESORERIA GENERAL SEGURIDAD SOCIAL', false)[0].account).toBe('476');
    expect(ruleCategories('NOMINA MARZO', false)[0].account).toBe('640');
    expect(ruleCategories('NOMINA MARZO', true)).toEqual([]);
  });
});
