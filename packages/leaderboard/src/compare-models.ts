import { ConfigError, closestId } from '@medhelm/core';
import type { ScoreCaveats } from './leaderboard.ts';
import type { LeaderboardSchema } from './leaderboard-schema.ts';
import { MEDHELM_SCHEMA } from './medhelm-schema.ts';
import { pairedSignFlipTest } from './paired-sign-flip-test.ts';
import { listSuiteModels, readSuiteRuns, type SuiteRun } from './read-suite-runs.ts';
import { mergeCaveats } from './score-caveats.ts';

/** Options of {@link compareModels}. */
export interface CompareOptions {
  outputPath: string;
  suite: string;
  /**
   * The suite model B's runs are read from (e.g. a rescored copy of `suite`, to compare an old jury
   * with a new one on the same answers); default: `suite`.
   */
  suiteB?: string;
  modelA: string;
  modelB: string;
  /** Default: the built-in MedHELM schema. */
  schema?: LeaderboardSchema;
  /** How many instances of largest disagreement to list per benchmark; default 5. */
  top?: number;
  /** Random sign patterns of the permutation test (default 10,000) and its seed (default 0). */
  permutations?: number;
  seed?: number;
  onWarning?: (message: string) => void;
}

/** Two models side by side on one benchmark, over the instances both answered. */
export interface BenchmarkComparison {
  benchmark: string;
  metric: string;
  split: string;
  /** Instances with a headline value for both models. */
  paired_instances: number;
  /** Each model's mean over the paired instances. */
  mean_a: number | null;
  mean_b: number | null;
  /** mean_a − mean_b. */
  mean_difference: number | null;
  /** Two-sided p-value of a paired sign-flip permutation test (seeded). */
  p_value: number | null;
  /** `exact`: every sign pattern enumerated (16 or fewer pairs); `permutation`: seeded random ones. */
  test: 'exact' | 'permutation' | null;
  /** The instances where the two differ most, largest |a − b| first. */
  top_disagreements: Array<{ instance_id: string; a: number; b: number; run_a: string; run_b: string }>;
  /** What weakens each model's numbers here (invented data, invalid judge replies), as on the leaderboard. */
  caveats_a: ScoreCaveats;
  caveats_b: ScoreCaveats;
}

/** compare's result (`medhelm compare --json`). */
export interface ModelComparison {
  suite: string;
  /** The suite of model B's runs, when not `suite`. */
  suite_b?: string;
  model_a: string;
  model_b: string;
  benchmarks: BenchmarkComparison[];
  /** Benchmarks only one of the two has runs of. */
  only_a: string[];
  only_b: string[];
}

/**
 * Compares two models of a suite (model B's runs from `suiteB` when given) per benchmark on the
 * instances both answered: the mean difference, a paired sign-flip permutation test and the
 * instances where they disagree most.
 * Instances pair by benchmark, scenario (run_spec.json `scenario_spec`) and instance id.
 */
export async function compareModels(options: CompareOptions): Promise<ModelComparison> {
  const suiteB = options.suiteB ?? options.suite;
  for (const [model, suite] of [
    [options.modelA, options.suite],
    [options.modelB, suiteB],
  ] as const) {
    const models = listSuiteModels(options.outputPath, suite);
    if (!models.includes(model)) {
      const suggestion = closestId(model, models);
      throw new ConfigError(
        `Suite ${suite} has no runs of model ${model}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}.`,
        {
          hint: `Models are named as in run_spec.json adapter_spec.model; this suite has: ${models.join(', ') || 'none'}.`,
        },
      );
    }
  }
  const schema = options.schema ?? MEDHELM_SCHEMA;
  const read = (suite: string, models: readonly string[]) =>
    readSuiteRuns({
      outputPath: options.outputPath,
      suite,
      schema,
      models: new Set(models),
      keepInstanceIds: true,
      ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    });
  // One suite is read once (its warnings said once); two suites each for its own model.
  const runsA = await read(
    options.suite,
    suiteB === options.suite ? [options.modelA, options.modelB] : [options.modelA],
  );
  const runsB = suiteB === options.suite ? runsA : await read(suiteB, [options.modelB]);
  const ofModel = (runs: readonly SuiteRun[], model: string) => runs.filter((run) => run.model === model);
  const order = schema.benchmarks.map((benchmark) => benchmark.name);
  const benchmarksOf = (runs: readonly SuiteRun[]) => [...new Set(runs.map((run) => run.benchmark.name))];
  const ofA = benchmarksOf(ofModel(runsA, options.modelA));
  const ofB = benchmarksOf(ofModel(runsB, options.modelB));
  const shared = ofA
    .filter((name) => ofB.includes(name))
    .sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
  const ofBenchmark = (runs: readonly SuiteRun[], name: string) =>
    runs.filter((run) => run.benchmark.name === name);
  return {
    suite: options.suite,
    ...(suiteB === options.suite ? {} : { suite_b: suiteB }),
    model_a: options.modelA,
    model_b: options.modelB,
    benchmarks: shared.map((benchmark) =>
      compareBenchmark(
        ofBenchmark(ofModel(runsA, options.modelA), benchmark),
        ofBenchmark(ofModel(runsB, options.modelB), benchmark),
        options,
      ),
    ),
    only_a: ofA.filter((name) => !ofB.includes(name)),
    only_b: ofB.filter((name) => !ofA.includes(name)),
  };
}

function rank(order: readonly string[], name: string): number {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
}

interface InstanceValue {
  id: string;
  run: string;
  value: number;
}

/** Each instance's headline in `runs` (one model's), keyed by scenario and instance id. */
function instanceValues(runs: readonly SuiteRun[]): Map<string, InstanceValue> {
  const values = new Map<string, InstanceValue>();
  for (const run of runs) {
    if (run.instances === undefined) continue;
    const { ids, headline } = run.instances;
    ids.forEach((id, index) => {
      values.set(`${run.scenarioKey}\u0000${id}`, { id, run: run.name, value: headline[index] as number });
    });
  }
  return values;
}

/** Model A's runs and model B's runs of one benchmark, paired per instance. */
function compareBenchmark(
  runsA: readonly SuiteRun[],
  runsB: readonly SuiteRun[],
  options: CompareOptions,
): BenchmarkComparison {
  const benchmark = (runsA[0] as SuiteRun).benchmark;
  const a = instanceValues(runsA);
  const b = instanceValues(runsB);
  const pairs: Array<{ a: InstanceValue; b: InstanceValue }> = [];
  for (const [key, valueA] of a) {
    const valueB = b.get(key);
    if (valueB !== undefined) pairs.push({ a: valueA, b: valueB });
  }
  const differences = Float64Array.from(pairs, (pair) => pair.a.value - pair.b.value);
  const test = pairedSignFlipTest(differences, {
    ...(options.permutations === undefined ? {} : { permutations: options.permutations }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  const mean = (pick: (pair: { a: InstanceValue; b: InstanceValue }) => number) =>
    pairs.length === 0 ? null : pairs.reduce((sum, pair) => sum + pick(pair), 0) / pairs.length;
  const top = [...pairs]
    .filter((pair) => pair.a.value !== pair.b.value)
    .sort(
      (x, y) =>
        Math.abs(y.a.value - y.b.value) - Math.abs(x.a.value - x.b.value) ||
        x.a.id.localeCompare(y.a.id, 'en', { numeric: true }),
    )
    .slice(0, options.top ?? 5)
    .map((pair) => ({
      instance_id: pair.a.id,
      a: pair.a.value,
      b: pair.b.value,
      run_a: pair.a.run,
      run_b: pair.b.run,
    }));
  return {
    benchmark: benchmark.name,
    metric: benchmark.metric,
    split: benchmark.split,
    paired_instances: pairs.length,
    mean_a: mean((pair) => pair.a.value),
    mean_b: mean((pair) => pair.b.value),
    mean_difference: test?.meanDifference ?? null,
    p_value: test?.pValue ?? null,
    test: test?.method ?? null,
    top_disagreements: top,
    caveats_a: mergeCaveats(runsA.map((run) => run.caveats)),
    caveats_b: mergeCaveats(runsB.map((run) => run.caveats)),
  };
}
