import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODELS_JSON_SCHEMA_PATH, modelsJsonSchema } from './models-json-schema.ts';

describe('schema/models.schema.json', () => {
  it('is up to date with the zod schema (run `pnpm --filter @medhelm/model-config generate:schema`)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL(`../${MODELS_JSON_SCHEMA_PATH}`, import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(modelsJsonSchema());
  });

  it('describes the documented fields', () => {
    const schema = modelsJsonSchema() as {
      required: string[];
      properties: {
        deployments: { additionalProperties: { required: string[]; properties: Record<string, unknown> } };
      };
    };
    expect(schema.required).toEqual(['deployments']);
    const deployment = schema.properties.deployments.additionalProperties;
    expect(deployment.required).toEqual(['provider', 'model']);
    expect(Object.keys(deployment.properties)).toEqual([
      'provider',
      'model',
      'helmModel',
      'baseUrl',
      'apiKeyEnv',
      'limits',
      'price',
      'local',
      'trusted',
      'batch',
      'description',
    ]);
  });
});
