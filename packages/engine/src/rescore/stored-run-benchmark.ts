import { type BenchmarkV1, ConfigError, type Registry } from '@medhelm/core';
import { VARIANT_KEY } from '../plan/apply-variant.ts';
import { DATA_PATH_KEY } from '../plan/plan-runs.ts';
import type { StoredRun } from './read-stored-run.ts';

/** Which installed benchmark a finished run is of, with the arguments and variant it ran with. */
export interface StoredRunBenchmark {
  benchmarkId: string;
  /** The benchmark's own arguments, from the run name (`ehrshot:subject=lab_anemia,...`). */
  args: Array<readonly [string, string]>;
  variant?: string;
}

/** HELM's run expanders (and ours): run-name keys that are settings of the run, not benchmark arguments. */
const RUN_SETTING_KEYS = new Set([
  'model',
  'model_deployment',
  'max_eval_instances',
  'num_output_tokens',
  'num_outputs',
  'num_train_trials',
  'max_train_instances',
  'temperature',
  'stop',
  'eval_split',
  'groups',
  DATA_PATH_KEY,
  VARIANT_KEY,
]);

/**
 * The benchmark a finished run is of. Ours name it in medhelm_run.json. HELM-written ones are
 * matched by run_spec.json's scenario class (`scenario_spec.class_name`), and where several
 * installed benchmarks share that class, by the run name's prefix (`pubmed_qa:` ...). A run no
 * installed benchmark reproduces is a ConfigError naming its directory and scenario class.
 */
export function storedRunBenchmark(stored: StoredRun, benchmarks: Registry<BenchmarkV1>): StoredRunBenchmark {
  const { prefix, pairs } = splitRunName(stored.runName);
  const args = pairs.filter(([key]) => !RUN_SETTING_KEYS.has(key));
  if (stored.writer.by === 'medhelm') {
    const { benchmarkId, variant } = stored.writer;
    if (!benchmarks.has(benchmarkId)) {
      throw new ConfigError(
        `${stored.directory} is a run of ${benchmarkId} (scenario class ${stored.scenarioClassName}), which is not installed.`,
        { hint: `Install its @medhelm/benchmark-* package; installed: ${benchmarks.ids().join(', ')}.` },
      );
    }
    return { benchmarkId, args, ...(variant === undefined ? {} : { variant }) };
  }
  const sameClass = benchmarks
    .list()
    .filter((benchmark) => benchmark.helm.scenarioClassName === stored.scenarioClassName);
  const named = sameClass.filter(
    (benchmark) => runNamePrefix(benchmark) === prefix || benchmark.id === prefix,
  );
  const [match] = sameClass.length === 1 ? sameClass : named;
  if (sameClass.length > 1 && (match === undefined || named.length > 1)) {
    throw new ConfigError(
      `${stored.directory}: several installed benchmarks have HELM's scenario class ${stored.scenarioClassName} (${sameClass.map((benchmark) => benchmark.id).join(', ')}), and the run name's prefix "${prefix}" picks ${named.length === 0 ? 'none' : 'more than one'} of them.`,
      { hint: "Rescoring tells them apart by the run name's prefix, as HELM names their runs." },
    );
  }
  if (match === undefined) {
    throw new ConfigError(
      `${stored.directory}: no installed benchmark reproduces HELM's scenario class ${stored.scenarioClassName} (run ${stored.runName}).`,
      {
        hint: "Rescoring needs the benchmark's scorers: install the @medhelm/benchmark-* package of this scenario, if there is one (medhelm list shows what is installed).",
      },
    );
  }
  return { benchmarkId: match.id, args };
}

/** The base of a benchmark's run names, before any `:` (HELM's run spec function name). */
function runNamePrefix(benchmark: BenchmarkV1): string {
  return (benchmark.helm.runSpecName ?? benchmark.id).split(':')[0] as string;
}

/** A run name's prefix and its `key=value` pairs (a piece without `=` belongs to the value before it). */
function splitRunName(runName: string): { prefix: string; pairs: Array<readonly [string, string]> } {
  const colon = runName.indexOf(':');
  if (colon === -1) return { prefix: runName, pairs: [] };
  const pairs: Array<[string, string]> = [];
  for (const piece of runName.slice(colon + 1).split(',')) {
    const equals = piece.indexOf('=');
    const last = pairs.at(-1);
    if (equals <= 0 && last !== undefined) last[1] += `,${piece}`;
    else if (equals > 0) pairs.push([piece.slice(0, equals), piece.slice(equals + 1)]);
  }
  return { prefix: runName.slice(0, colon), pairs };
}
