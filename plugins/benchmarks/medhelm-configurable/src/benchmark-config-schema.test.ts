import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_CONFIG_JSON_SCHEMA_PATH, benchmarkConfigJsonSchema } from './benchmark-config-schema.ts';

describe('schema/benchmark-config.schema.json', () => {
  it('is up to date with the zod schema (run `pnpm --filter @medhelm/benchmark-medhelm-configurable generate:schema`)', () => {
    const shipped: unknown = JSON.parse(
      readFileSync(new URL(`../${BENCHMARK_CONFIG_JSON_SCHEMA_PATH}`, import.meta.url), 'utf8'),
    );
    expect(shipped).toEqual(benchmarkConfigJsonSchema());
  });

  it("describes HELM's fields, our access tier, and each metric's own fields", () => {
    const schema = benchmarkConfigJsonSchema() as {
      required: string[];
      properties: Record<
        string,
        { items?: { oneOf?: { properties: Record<string, unknown>; required: string[] }[] } }
      >;
      additionalProperties: boolean;
    };
    expect(schema.required).toEqual(['name', 'description', 'prompt_file', 'dataset_file', 'metrics']);
    expect(Object.keys(schema.properties)).toEqual([
      '$schema',
      'name',
      'description',
      'prompt_file',
      'dataset_file',
      'max_tokens',
      'metrics',
      'access',
    ]);
    expect(schema.additionalProperties).toBe(false);
    const variants = schema.properties.metrics?.items?.oneOf ?? [];
    expect(variants.map((variant) => variant.required)).toEqual([
      ['name'],
      ['name', 'prompt_file', 'judges'],
    ]);
  });

  it('is exported by the package for editors', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports['./benchmark-config.schema.json']).toBe(`./${BENCHMARK_CONFIG_JSON_SCHEMA_PATH}`);
  });
});
