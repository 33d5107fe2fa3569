import { z } from 'zod';
import { ModelsFileSchema } from './models-file-schema.ts';

/** Where the generated JSON Schema lives, relative to the package root. */
export const MODELS_JSON_SCHEMA_PATH = 'schema/models.schema.json';

/**
 * The JSON Schema (draft 2020-12) of a models file, generated from the zod schema (the input
 * side: what a file may contain). Checks that need code (literal-key detection, azure-openai's
 * required baseUrl, 6 decimal places in prices) are not in it; `loadModelsFile` does them.
 */
export function modelsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ModelsFileSchema, { io: 'input', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
}
