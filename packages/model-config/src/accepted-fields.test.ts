import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedFields } from './accepted-fields.ts';
import { ModelsFileSchema } from './models-file-schema.ts';

describe('acceptedFields', () => {
  it("reads a deployment's fields from the models file schema, local and trusted included", () => {
    const fields = acceptedFields(ModelsFileSchema, ['deployments', 'any-id']);
    expect(fields).toEqual([
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

  it('goes through optional fields, records and arrays', () => {
    const schema = z.object({
      items: z.array(z.object({ a: z.string(), b: z.number().optional() })).optional(),
    });
    expect(acceptedFields(schema, ['items', 0])).toEqual(['a', 'b']);
    expect(acceptedFields(ModelsFileSchema, ['deployments', 'x', 'price', 'longContext'])).toEqual([
      'aboveInputTokens',
      'inputPerMillion',
      'outputPerMillion',
      'cachedInputPerMillion',
    ]);
    expect(acceptedFields(ModelsFileSchema, [])).toEqual(['$schema', 'deployments', 'judges']);
  });

  it('is undefined where the path leads to no object', () => {
    expect(acceptedFields(ModelsFileSchema, ['deployments', 'x', 'model'])).toBeUndefined();
    expect(acceptedFields(ModelsFileSchema, ['nothing', 'here'])).toBeUndefined();
  });
});
