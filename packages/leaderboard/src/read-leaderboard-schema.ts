import { readFileSync } from 'node:fs';
import { ConfigError } from '@medhelm/core';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type LeaderboardSchema, leaderboardSchemaSchema } from './leaderboard-schema.ts';

const SCHEMA_HINT =
  'A leaderboard schema is YAML or JSON: `benchmarks:` a list of { name, category, main_name, main_split, display_name?, corrected_name?, lower_is_better? } (see @medhelm/leaderboard README), or a HELM schema YAML with run_groups (schema_medhelm.yaml).';

/** HELM's schema YAML, the part that names headline stats and categories (schema.py). */
const helmSchemaSchema = z.object({
  metrics: z.array(z.object({ name: z.string(), lower_is_better: z.boolean().nullish() })).default([]),
  run_groups: z.array(
    z.object({
      name: z.string().min(1),
      display_name: z.string().nullish(),
      subgroups: z.array(z.string()).nullish(),
      environment: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
});

/**
 * Reads a leaderboard schema file: ours (`benchmarks:`) or HELM's schema YAML (`run_groups:`,
 * e.g. schema_medhelm.yaml: each run group with `environment.main_name` and `main_split` is a
 * benchmark, its category is the display name of the run group that lists it in `subgroups`).
 * Throws ConfigError naming the file and the field.
 */
export function readLeaderboardSchema(path: string): LeaderboardSchema {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read the leaderboard schema ${path}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Pass an existing file to --schema, or leave it out for the built-in MedHELM schema.',
    });
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new ConfigError(
      `The leaderboard schema ${path} is not valid YAML or JSON: ${(error as Error).message}`,
      {
        cause: error,
        hint: SCHEMA_HINT,
      },
    );
  }
  return parseLeaderboardSchema(value, path);
}

/** Validates a parsed schema (ours or HELM's); `source` names it in errors. */
export function parseLeaderboardSchema(value: unknown, source: string): LeaderboardSchema {
  const isHelm = typeof value === 'object' && value !== null && 'run_groups' in value;
  const schema = isHelm ? fromHelmSchema(value, source) : value;
  const result = leaderboardSchemaSchema.safeParse(schema);
  if (!result.success) throw schemaError(source, result.error);
  const seen = new Set<string>();
  for (const [index, benchmark] of result.data.benchmarks.entries()) {
    if (seen.has(benchmark.name)) {
      throw new ConfigError(
        `${source}: benchmarks[${index}].name: benchmark ${benchmark.name} is listed twice.`,
        { hint: 'Give each benchmark (run group) one entry.' },
      );
    }
    seen.add(benchmark.name);
  }
  return result.data;
}

function fromHelmSchema(value: unknown, source: string): unknown {
  const result = helmSchemaSchema.safeParse(value);
  if (!result.success) throw schemaError(source, result.error);
  const { metrics, run_groups: groups } = result.data;
  const lowerIsBetter = new Map(metrics.map((metric) => [metric.name, metric.lower_is_better ?? undefined]));
  const parentOf = new Map<string, string>();
  for (const group of groups) {
    for (const child of group.subgroups ?? []) {
      if (!parentOf.has(child)) parentOf.set(child, group.display_name ?? group.name);
    }
  }
  const benchmarks = groups.flatMap((group) => {
    const mainName = group.environment?.main_name;
    const mainSplit = group.environment?.main_split;
    if (typeof mainName !== 'string' || typeof mainSplit !== 'string') return [];
    const lower = lowerIsBetter.get(mainName);
    return [
      {
        name: group.name,
        ...(group.display_name ? { display_name: group.display_name } : {}),
        category: parentOf.get(group.name) ?? 'Other',
        main_name: mainName,
        main_split: mainSplit,
        ...(lower === undefined ? {} : { lower_is_better: lower }),
      },
    ];
  });
  return { benchmarks };
}

function schemaError(source: string, error: z.ZodError): ConfigError {
  const problems = error.issues.map((issue) => {
    const field = issue.path.length === 0 ? '(root)' : z.core.toDotPath(issue.path);
    return `${field}: ${issue.message}`;
  });
  return new ConfigError(`The leaderboard schema ${source} is invalid:\n  ${problems.join('\n  ')}`, {
    hint: SCHEMA_HINT,
  });
}
