import fc from 'fast-check';

/**
 * Builds a value that satisfies a JSON Schema from /openapi.json (after $ref resolution): required
 * properties only (plus optional ones when minProperties asks for them), the least privileged
 * choice of an enum or union (its last member), formats and patterns honoured. Used by tests that
 * must get past validation to reach authorization with "valid but nonexistent" input.
 */
export class SchemaSampler {
  private counter = 0;
  constructor(private readonly components: Record<string, any>) {}

  deref(schema: any): any {
    while (schema?.$ref) schema = this.components[schema.$ref.replace('#/components/schemas/', '')];
    return schema ?? {};
  }

  sample(input: any, depth = 0): unknown {
    const schema = this.deref(input);
    if (depth > 8) return null;
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[schema.enum.length - 1];
    const variants = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(variants)) {
      const usable = variants.map((v: any) => this.deref(v)).filter((v: any) => v.type !== 'null');
      return this.sample(usable[usable.length - 1] ?? { type: 'null' }, depth + 1);
    }
    if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: any) => this.sample(s, depth + 1)));
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') ?? 'null' : schema.type ?? (schema.properties ? 'object' : 'string');
    switch (type) {
      case 'object': {
        const properties: Record<string, any> = schema.properties ?? {};
        const required: string[] = schema.required ?? [];
        const out: Record<string, unknown> = {};
        for (const key of required) out[key] = this.sample(properties[key] ?? {}, depth + 1);
        for (const key of Object.keys(properties)) {
          if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
          if (!(key in out)) out[key] = this.sample(properties[key], depth + 1);
        }
        return out;
      }
      case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => this.sample(schema.items ?? {}, depth + 1));
      case 'integer':
      case 'number': {
        let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
        if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
        return value;
      }
      case 'boolean': return false;
      case 'null': return null;
      default: return this.string(schema);
    }
  }

  private string(schema: any): string {
    const n = this.counter++;
    switch (schema.format) {
      case 'uuid': return crypto.randomUUID();
      case 'email': return `matrix-${Date.now().toString(36)}-${n}@example.com`;
      case 'date': return '2026-01-15';
      case 'date-time': return '2099-01-01T00:00:00.000Z';
      case 'uri': return `https://example.com/${n}`;
    }
    const min = schema.minLength ?? 1;
    const max = schema.maxLength ?? Math.max(min, 32);
    if (schema.pattern) {
      const [value] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max), { numRuns: 1, seed: n + 1 });
      return value;
    }
    return 'x'.repeat(Math.min(Math.max(min, 1), max));
  }
}
