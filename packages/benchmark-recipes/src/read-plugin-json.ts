import { PluginLoadError } from '@medhelm/core';
import type { z } from 'zod';

/** Where a plugin's JSON file is and what it should be, for {@link readPluginJson}'s error. */
export interface PluginJsonFile {
  /** The plugin package, e.g. `@medhelm/benchmark-pubmed-qa`. */
  packageName: string;
  /** The file in the package, e.g. `src/benchmark-card.json`. */
  file: string;
  /** What it should be, e.g. `a benchmark card`. */
  what: string;
  /** Where the user reads about its fields, e.g. `@medhelm/benchmark-recipes' README`. */
  documentedIn: string;
}

/**
 * Checks a JSON file a plugin bundles (imported as JSON) against `schema` and returns it typed; one
 * that is not is a PluginLoadError naming the package, the file and each wrong field.
 */
export function readPluginJson<Schema extends z.ZodType>(
  schema: Schema,
  json: unknown,
  source: PluginJsonFile,
): z.output<Schema> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length === 0 ? '(top)' : issue.path.join('.')}: ${issue.message}`,
  );
  throw new PluginLoadError(
    source.packageName,
    `${source.file} is not ${source.what}: ${problems.join('; ')}. Fix the field named (see ${source.documentedIn}).`,
  );
}
