import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchmarkAnnotatorSpecs, benchmarkMetricSpecs, type Instance, renderPrompt } from '@medhelm/core';
import { benchmarkScoreInput, createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { benchmarkYaml, JUDGE_PROMPT, writeFiles } from '../test/write-benchmark.ts';
import {
  configuredBenchmark,
  createConfigurableBenchmark,
  EXAMPLE_CONFIG_PATH,
} from './configurable-benchmark.ts';
import { configurableBenchmark, plugin } from './index.ts';
import { readBenchmarkConfig } from './read-benchmark-config.ts';

describeBenchmarkContract(configurableBenchmark, {
  packageJsonPath: fileURLToPath(new URL('../package.json', import.meta.url)),
  plugin,
  loadContext: createSampleLoadContext(),
});

const BASIC_METRIC_SPECS = (names: string[]) => [
  { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names } },
  { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
  { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
];
const EXACT_MATCH_SPECS = BASIC_METRIC_SPECS([
  'exact_match',
  'quasi_exact_match',
  'prefix_exact_match',
  'quasi_prefix_exact_match',
]);
const JURY = [
  '  - name: jury_score',
  '    prompt_file: judge.txt',
  '    judges:',
  '      - name: judge-a',
  '        model_name: acme/a',
  '      - name: openai/gpt-4o-2024-05-13',
  '        model_name: openai/gpt-4o-2024-05-13',
].join('\n');
const ANNOTATOR_MODELS = {
  'judge-a': { model_name: 'acme/a', model_deployment: 'judge-a' },
  'openai/gpt-4o-2024-05-13': {
    model_name: 'openai/gpt-4o-2024-05-13',
    model_deployment: 'openai/gpt-4o-2024-05-13',
  },
};
const JURY_METRIC_SPEC = {
  class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
  args: { metric_name: 'jury_score', scenario_name: 'MY-BENCHMARK', annotator_models: ANNOTATOR_MODELS },
};

/** The benchmark a YAML with `metrics` defines, over a three-row CSV. */
function benchmarkWith(
  metrics: string,
  csv = 'question,correct_answer,incorrect_answers\nQ1,Yes,"[""No""]"\nQ2,No,[]\n',
) {
  const folder = writeFiles({
    'bench.yaml': benchmarkYaml({ metrics }),
    'prompt.txt': 'Question: {question}\n',
    'judge.txt': JUDGE_PROMPT,
    'data.csv': csv,
  });
  return configuredBenchmark(readBenchmarkConfig(join(folder, 'bench.yaml')));
}

async function instancesOf(benchmark: ReturnType<typeof benchmarkWith>) {
  const warnings: string[] = [];
  const instances: Instance[] = [];
  for await (const instance of benchmark.dataset.load({
    ...createSampleLoadContext(),
    warn: (message) => warnings.push(message),
  }))
    instances.push(instance);
  return { instances, warnings };
}

describe("the run spec of a user's benchmark (get_medhelm_configurable_benchmark_spec)", () => {
  it('exact_match: the exact-match metric specs, a generation prompt of max_tokens, named after the YAML', async () => {
    const benchmark = benchmarkWith('  - name: exact_match');
    expect(JSON.stringify(benchmarkMetricSpecs(benchmark))).toBe(JSON.stringify(EXACT_MATCH_SPECS));
    expect(benchmark.mainMetric).toEqual({ name: 'exact_match', split: 'test' });
    expect(benchmark.annotators).toBeUndefined();
    expect(benchmark.access).toBe('private');
    expect(benchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.medhelm_configurable_scenario.MedHELMConfigurableScenario',
      runSpecName: 'MY-BENCHMARK',
      scenarioName: 'MY-BENCHMARK',
      scenarioDescription: 'SYNTHETIC test benchmark.',
      tags: ['biomedical'],
      groups: ['MY-BENCHMARK'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medhelm_configurable_scenario.py',
    });
    expect(benchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions: '',
      input_prefix: '',
      input_suffix: '\n',
      output_prefix: '',
      output_suffix: '\n',
      max_tokens: 3,
      max_train_instances: 0,
      stop_sequences: [],
      temperature: 0,
    });
    const { instances } = await instancesOf(benchmark);
    const [first] = instances;
    if (first === undefined) throw new Error('no instance');
    expect(renderPrompt(benchmark.prompt, { ...first, id: 'id0' }).request.prompt).toBe('Question: Q1\n\n');
    expect(first.references).toEqual([
      { output: { text: 'Yes' }, tags: ['correct'] },
      { output: { text: 'No' }, tags: [] },
    ]);
  });

  it('jury_score alone: LLMJuryMetric without default_score, then the basic metrics; the generic annotator', () => {
    const benchmark = benchmarkWith(JURY, 'question\nQ1\n');
    expect(JSON.stringify(benchmarkMetricSpecs(benchmark))).toBe(
      JSON.stringify([JURY_METRIC_SPEC, ...BASIC_METRIC_SPECS([])]),
    );
    expect(JSON.stringify(benchmarkAnnotatorSpecs(benchmark))).toBe(
      JSON.stringify([
        {
          class_name: 'helm.benchmark.annotation.model_as_judge.LLMAsJuryAnnotator',
          args: {
            name: 'MY-BENCHMARK',
            prompt_template: JUDGE_PROMPT,
            annotation_criteria: { correctness: ['score', 'explanation'], clarity: ['score', 'explanation'] },
            annotator_models: ANNOTATOR_MODELS,
          },
        },
      ]),
    );
    expect(benchmark.annotators?.[0]?.judgeNames).toEqual(['judge-a', 'openai/gpt-4o-2024-05-13']);
    expect(benchmark.mainMetric.name).toBe('jury_score');
  });

  it('several metrics: each its specs in the YAML order, ROUGE once, no basic metrics after the jury', () => {
    const benchmark = benchmarkWith(`  - name: rouge_l\n  - name: exact_match\n${JURY}\n  - name: rouge_1`);
    expect(JSON.stringify(benchmarkMetricSpecs(benchmark))).toBe(
      JSON.stringify([
        {
          class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
          args: {
            task: 'MY-BENCHMARK',
            device: 'cpu',
            bertscore_model: 'distilbert-base-uncased',
            rescale_with_baseline: false,
          },
        },
        ...BASIC_METRIC_SPECS([]),
        ...EXACT_MATCH_SPECS,
        JURY_METRIC_SPEC,
      ]),
    );
    expect(benchmark.mainMetric.name).toBe('rouge_l');
    expect(benchmark.correctedMetric).toEqual({ name: 'rouge_l_corrected', split: 'test' });
  });

  it('scores ROUGE as HELM does, over every reference (wrong answers too), and corrected over the correct one', async () => {
    const benchmark = benchmarkWith('  - name: rouge_l');
    const { instances } = await instancesOf(benchmark);
    const first = instances[0] as Instance & { id: string };
    const values: Record<string, unknown> = {};
    for (const scorer of benchmark.scorers) {
      Object.assign(
        values,
        await scorer.score(benchmarkScoreInput(benchmark, { ...first, id: 'id0' }, 'No')),
      );
    }
    // "No" is the incorrect answer: HELM's ROUGE-L is 1, the corrected one 0.
    expect(values.rouge_l).toBe(1);
    expect(values.rouge_l_corrected).toBe(0);
  });
});

describe("a user's dataset, read as HELM's scenario reads it", () => {
  it('says its data is invented only for the bundled example, whose CSV was made up', () => {
    expect(configurableBenchmark.dataset.sampleInvented).toBe(true);
    expect(
      configurableBenchmark.arguments?.configure({ config_path: EXAMPLE_CONFIG_PATH }).dataset.sampleInvented,
    ).toBe(true);
    // A user's YAML: its own CSV, which --sample does not replace.
    expect(benchmarkWith('  - name: exact_match').dataset.sampleInvented).toBe(false);
    // A copy of the example's CSV (as the README's example makes) is the same invented rows.
    const copy = writeFiles({
      'bench.yaml': benchmarkYaml(),
      'prompt.txt': 'Q: {question}\n',
      'data.csv': readFileSync(new URL('../data/example/medication-questions.csv', import.meta.url), 'utf8'),
    });
    expect(configuredBenchmark(readBenchmarkConfig(join(copy, 'bench.yaml'))).dataset.sampleInvented).toBe(
      true,
    );
  });

  it('refuses a placeholder without a CSV column, naming it, its line and the columns (HELM: "")', async () => {
    const folder = writeFiles({
      'bench.yaml': benchmarkYaml(),
      'prompt.txt': 'Question: {question}\nWard: {ward}\n',
      'data.csv': 'question,correct_answer\nQ1,Yes\n',
    });
    const config = readBenchmarkConfig(join(folder, 'bench.yaml'));
    await expect(instancesOf(configuredBenchmark(config))).rejects.toThrow(
      `The prompt template ${join(folder, 'prompt.txt')} uses {ward} (line 2), but the CSV has no such column (its columns: question, correct_answer).`,
    );
    const helms = await instancesOf(configuredBenchmark(config, { absentPlaceholders: 'empty' }));
    expect(helms.instances[0]?.input.text).toBe('Question: Q1\nWard: \n');
  });

  it("refuses a CSV without correct_answer unless jury_score is the only metric, with HELM's message", async () => {
    await expect(instancesOf(benchmarkWith('  - name: exact_match', 'question\nQ1\n'))).rejects.toThrow(
      "Dataset must contain 'correct_answer' column unless using jury_score as the only metric.",
    );
    const { instances } = await instancesOf(benchmarkWith(JURY, 'question\nQ1\n'));
    expect(instances[0]?.references).toEqual([]);
  });

  it('warns, naming the line, of an incorrect_answers cell HELM would crash on, and keeps the row', async () => {
    const run = async (cell: string) => {
      const { instances, warnings } = await instancesOf(
        benchmarkWith(
          '  - name: exact_match',
          `question,correct_answer,incorrect_answers\nQ1,Yes,[]\nQ2,No,${cell}\n`,
        ),
      );
      expect(instances[1]?.references).toEqual([{ output: { text: 'No' }, tags: ['correct'] }]);
      return warnings;
    };
    expect(await run('')).toEqual([
      expect.stringMatching(
        /data\.csv, line 3: incorrect_answers is empty, not a JSON list, on which HELM's scenario would crash; this row is evaluated without incorrect answers\./,
      ),
    ]);
    expect((await run('No'))[0]).toContain('incorrect_answers is not valid JSON');
    expect((await run('"""No"""'))[0]).toContain('incorrect_answers is not a JSON list,');
    expect((await run('[1]'))[0]).toContain('incorrect_answers holds something other than strings');
  });

  it('prints cells as pandas reads them and warns where a prompt says "nan"', async () => {
    const folder = writeFiles({
      'bench.yaml': benchmarkYaml(),
      'prompt.txt': 'Patient {patient_id}, unit {unit}: {question}',
      'data.csv': 'patient_id,unit,question,correct_answer\n007,mg,Q1,Yes\n012,,Q2,No\n013,NA,Q3,No\n',
    });
    const { instances, warnings } = await instancesOf(
      configuredBenchmark(readBenchmarkConfig(join(folder, 'bench.yaml'))),
    );
    expect(instances.map((instance) => instance.input.text)).toEqual([
      'Patient 7, unit mg: Q1',
      'Patient 12, unit nan: Q2',
      'Patient 13, unit nan: Q3',
    ]);
    expect(warnings).toEqual([
      `${join(folder, 'data.csv')}: unit is empty (or an NA string such as NA or None) on lines 3, 4; pandas reads it as NaN, so the prompt says "nan" there, as in HELM.`,
    ]);
  });

  it('takes config_path= relative to the run’s working directory, and reports how the YAML’s files were found', async () => {
    const folder = writeFiles({
      'work/bench.yaml': benchmarkYaml(),
      'work/prompt.txt': '{question}',
      'data.csv': 'question,correct_answer\nQ1,Yes\n',
    });
    const base = createConfigurableBenchmark();
    const benchmark = base.arguments?.configure(
      { config_path: 'work/bench.yaml' },
      { resolvePath: (path) => join(folder, path) },
    );
    if (benchmark === undefined) throw new Error('no arguments');
    expect(benchmark.helm.scenarioArgs).toEqual({ name: 'MY-BENCHMARK', config_path: 'work/bench.yaml' });
    const { warnings } = await instancesOf(benchmark);
    expect(warnings).toEqual([
      `dataset_file data.csv of ${join(folder, 'work/bench.yaml')}: no such file next to the YAML, so ${join(folder, 'data.csv')} was read (HELM's rule: relative to the working directory).`,
    ]);
  });
});
