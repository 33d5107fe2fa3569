import { fileURLToPath } from 'node:url';
import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import {
  type AnnotatorV1,
  type BenchmarkV1,
  defineBenchmark,
  defineScorer,
  type ScorerV1,
} from '@medhelm/core';
import {
  createJuryAnnotator,
  createJuryScorer,
  type JuryRubric,
  LLM_AS_JURY_ANNOTATOR_CLASS_NAME,
} from '@medhelm/jury';
import {
  HELM_SUMMARIZATION_STAT_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchScorer,
  helmSummarizationScorer,
  summarizationRouge,
} from '@medhelm/metrics';
import { z } from 'zod';
import { type AbsentPlaceholders, createConfigurableDataset } from './configurable-dataset.ts';
import { type BenchmarkConfig, readBenchmarkConfig } from './read-benchmark-config.ts';

/** HELM's run spec function name, and our benchmark id. */
export const CONFIGURABLE_BENCHMARK_ID = 'medhelm_configurable_benchmark';

/** The example benchmark this package ships (the README's): ten rows, exact match. */
export const EXAMPLE_CONFIG_PATH = fileURLToPath(
  new URL('../data/example/medication-questions.yaml', import.meta.url),
);

const ROUGE_METRICS = new Set(['rouge_1', 'rouge_2', 'rouge_l']);

/** Options of {@link createConfigurableBenchmark}. */
export interface ConfigurableBenchmarkOptions {
  /**
   * How a placeholder without a CSV column is filled: refused before any model call (default), or
   * `""` on every row as HELM does (what `medhelm conformance` checks HELM's prompts with).
   */
  absentPlaceholders?: AbsentPlaceholders;
}

/**
 * HELM's `medhelm_configurable_benchmark`: a benchmark the user defines in a YAML (see
 * `readBenchmarkConfig`), run as `medhelm_configurable_benchmark:config_path=<yaml>` or `medhelm
 * run --benchmark-config <yaml>`. The registered benchmark is the bundled example; `config_path=`
 * gives the user's (HELM's run spec function takes only that argument).
 */
export function createConfigurableBenchmark(options: ConfigurableBenchmarkOptions = {}): BenchmarkV1 {
  const base = configuredBenchmark(readBenchmarkConfig(EXAMPLE_CONFIG_PATH), options);
  return {
    ...base,
    // What `medhelm list` shows: every run configures it from the user's YAML.
    displayName: 'User-defined benchmark',
    description:
      "A benchmark of your own in HELM's format (a YAML, a prompt template, a CSV): medhelm run --benchmark-config <yaml>. Registered with a SYNTHETIC ten-row example.",
    arguments: {
      schema: z.strictObject({
        config_path: z.string({
          error: 'the path of your benchmark YAML, e.g. config_path=my-benchmark.yaml',
        }),
      }),
      configure: (args, context) => {
        const config = readBenchmarkConfig(
          String(args.config_path),
          context === undefined ? undefined : (path) => context.resolvePath(path),
        );
        return configuredBenchmark(config, options);
      },
    },
    ...(options.absentPlaceholders === 'empty'
      ? {}
      : { conformanceVariant: createConfigurableBenchmark({ ...options, absentPlaceholders: 'empty' }) }),
  };
}

/**
 * The benchmark one YAML defines, as HELM's `get_medhelm_configurable_benchmark_spec` builds its run
 * spec: HELM's generation prompt with no instructions and no nouns (the filled template and `\n`),
 * `max_tokens` tokens, no stop sequence; the metrics in the YAML's order (exact_match:
 * `get_exact_match_metric_specs()`; the first ROUGE metric: `get_summarization_metric_specs`;
 * jury_score: LLMJuryMetric, plus `get_basic_metric_specs([])` when it is the only metric), the
 * first one the headline; run spec name, scenario name, annotator name and group: the YAML's name.
 */
export function configuredBenchmark(
  config: BenchmarkConfig,
  options: ConfigurableBenchmarkOptions = {},
): BenchmarkV1 {
  const scorers: ScorerV1[] = [];
  const annotators: AnnotatorV1[] = [];
  let rouge = false;
  for (const metric of config.metrics) {
    if (metric.name === 'exact_match') scorers.push(helmExactMatchScorer());
    else if (metric.name === 'jury_score') {
      const rubric: JuryRubric = {
        name: config.name,
        promptTemplate: metric.promptTemplate,
        criteria: metric.criteria,
        helmAnnotatorClassName: LLM_AS_JURY_ANNOTATOR_CLASS_NAME,
        metricName: 'jury_score',
        judges: metric.judges.map((judge) => ({
          name: judge.name,
          model: judge.modelName,
          modelDeployment: judge.name,
        })),
        // The YAML does not say what the judge prompt's scale is.
        scale: null,
      };
      annotators.push(createJuryAnnotator(rubric));
      scorers.push(createJuryScorer(rubric));
      if (config.metrics.length === 1) scorers.push(helmBasicGenerationScorer({ names: [] }));
    } else if (ROUGE_METRICS.has(metric.name) && !rouge) {
      rouge = true;
      scorers.push(helmSummarizationScorer(config.name), helmBasicGenerationScorer({ names: [] }));
    }
  }
  const headline = config.metrics[0]?.name ?? 'exact_match';
  if (rouge) scorers.push(rougeCorrectedScorer());
  return defineBenchmark({
    id: CONFIGURABLE_BENCHMARK_ID,
    displayName: config.name,
    description: config.description,
    category: 'Clinical Decision Support',
    subcategory: 'User-defined benchmark',
    access: config.access,
    dataset: createConfigurableDataset(
      config,
      options.absentPlaceholders === undefined ? {} : { absentPlaceholders: options.absentPlaceholders },
    ),
    ...generationBenchmarkParts(
      { instructions: '', inputNoun: null, outputNoun: null, maxTokens: config.maxTokens },
      { scorers, mainMetric: headline, ...(annotators.length === 0 ? {} : { annotators }) },
    ),
    ...(ROUGE_METRICS.has(headline)
      ? { correctedMetric: { name: `${headline}_corrected`, split: 'test' } }
      : headline === 'jury_score'
        ? // The jury score over usable judge replies only, beside HELM's (which scores the rest 1.0).
          { correctedMetric: { name: 'jury_score_valid_only', split: 'test' } }
        : {}),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medhelm_configurable_scenario.MedHELMConfigurableScenario',
      name: config.name,
      description: config.description,
      tags: ['biomedical'],
      args: { name: config.name, config_path: config.configPath },
      runSpecName: config.name,
    }),
  });
}

/**
 * ROUGE against the correct answer only (`rouge_1_corrected`, ...). HELM's SummarizationMetric
 * takes the best ROUGE over every reference, and this benchmark's references include the
 * `incorrect_answers`: an answer that repeats a wrong one scores 1 there.
 */
function rougeCorrectedScorer(): ScorerV1 {
  return defineScorer({
    id: 'rouge_corrected',
    statNames: HELM_SUMMARIZATION_STAT_NAMES.map((name) => `${name}_corrected`),
    score(input) {
      const correct = input.instance.references
        .filter((candidate) => candidate.tags.includes('correct'))
        .map((candidate) => candidate.output.text);
      if (correct.length === 0) return {};
      return Object.fromEntries(
        Object.entries(summarizationRouge(input.completion, correct)).map(([name, value]) => [
          `${name}_corrected`,
          value,
        ]),
      );
    },
  });
}
