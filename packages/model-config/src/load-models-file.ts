import { readFileSync } from 'node:fs';
import { ModelsFileError } from './models-file-error.ts';
import type { ModelsConfig } from './models-file-schema.ts';
import { modelsFileFormat, parseModelsFile } from './parse-models-file.ts';

/**
 * Reads and validates a models file (`.yaml`, `.yml` or `.json`). Throws `ModelsFileError` (a
 * `ConfigError`) naming the file, the line, the deployment and the field with the fix, e.g.
 * `models.yaml:7, deployment "gpt-4o", field "apiKeyEnv": apiKeyEnv must be an environment
 * variable name like OPENAI_API_KEY, not a key: remove the key from the file`.
 */
export function loadModelsFile(path: string): ModelsConfig {
  const format = modelsFileFormat(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ModelsFileError(
      path,
      [{ message: code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'unknown error'})` }],
      { hint: 'Check the path of the models file (a relative path is resolved from the current directory).' },
    );
  }
  return parseModelsFile(text.replace(/^\uFEFF/, ''), path, format);
}
