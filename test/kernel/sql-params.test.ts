import { describe, expect, test } from 'bun:test';
import { escapeLiteral } from 'pg';
import { quoteLiteral, sqlLiteral } from '../../kernel/sql-params';

describe('quoteLiteral', () => {
  test("writes every string exactly as node-postgres' escapeLiteral does", () => {
    const samples = ['', 'plain', "O'Brien", "''", '\\', 'C:\\temp\\x', "it's a \\ mix'\\", '{"a":"b\\"c"}', 'ñandú ÆØ 日本', "\n\t'", ' E\'x\''];
    const alphabet = ["'", '\\', 'a', ' ', 'é', '"', '\n', '日'];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      let text = '';
      const length = i % 40;
      for (let j = 0; j < length; j++) { seed = (seed * 1103515245 + 12345) % 2 ** 31; text += alphabet[seed % alphabet.length]; }
      samples.push(text);
    }
    for (const text of samples) expect(quoteLiteral(text)).toBe(escapeLiteral(text));
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
  });
});
