import { type BenchmarkConfigureContextV1, type BenchmarkV1, ConfigError } from '@medhelm/core';

/**
 * The benchmark a run entry asks for: `args` (the entry's keys that are neither run expanders nor
 * `data_path`) validated with the benchmark's argument schema and handed to its `configure`. A
 * benchmark without arguments refuses any; an unknown or invalid argument is a ConfigError naming
 * the benchmark, the argument and what is accepted. `context` resolves the paths arguments name.
 */
export function configureBenchmark(
  benchmark: BenchmarkV1,
  args: ReadonlyArray<readonly [string, string]>,
  entry: string,
  engineKeys: readonly string[],
  context?: BenchmarkConfigureContextV1,
): BenchmarkV1 {
  const definition = benchmark.arguments;
  if (definition === undefined) {
    if (args.length === 0) return benchmark;
    throw new ConfigError(
      `Run entry "${entry}": ${benchmark.id} takes no arguments, and ${args.map(([key]) => `"${key}"`).join(', ')} ${args.length === 1 ? 'is' : 'are'} not a run entry key.`,
      { hint: `Run entry keys: ${engineKeys.join(', ')}.` },
    );
  }
  const parsed = definition.schema.safeParse(Object.fromEntries(args));
  if (!parsed.success) {
    const accepted = acceptedArguments(definition.schema);
    const problems = parsed.error.issues.map((issue) => {
      const keys =
        issue.code === 'unrecognized_keys' ? (issue.keys as string[]) : [String(issue.path[0] ?? '')];
      return issue.code === 'unrecognized_keys'
        ? `unknown argument${keys.length === 1 ? '' : 's'} ${keys.map((key) => `"${key}"`).join(', ')}`
        : `argument "${keys[0]}": ${issue.message}`;
    });
    throw new ConfigError(`Run entry "${entry}": ${benchmark.id} ${problems.join('; ')}.`, {
      hint: `${benchmark.id} takes ${accepted.length === 0 ? 'no arguments' : accepted.join(', ')}; every run entry also takes ${engineKeys.join(', ')}.`,
    });
  }
  return definition.configure(parsed.data, context);
}

/** The argument names of a zod object schema (its shape), for messages; empty for other schemas. */
function acceptedArguments(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape === undefined ? [] : Object.keys(shape);
}
