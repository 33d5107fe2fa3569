import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  benchmarkMetricSpecs,
  ConfigError,
  defineProvider,
  type Instance,
  type ModelProviderV1,
  Registry,
  renderPrompt,
} from '@medhelm/core';
import { parseRunEntry, planRuns } from '@medhelm/engine';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createEhrshotBenchmark } from './ehrshot-benchmark.ts';
import { ehrshotInstructions } from './ehrshot-scenario-prompt.ts';
import { EHRSHOT_TASKS } from './ehrshot-tasks.ts';
import { ehrshotBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

for (const task of ['guo_readmission', 'new_hypertension', 'lab_anemia'] as const) {
  describeBenchmarkContract(createEhrshotBenchmark({ task }), {
    packageJsonPath,
    ...(task === 'guo_readmission' ? { plugin } : {}),
    loadContext: createSampleLoadContext(),
  });
}

/** The benchmark a run entry configures, planned as `medhelm run` plans it. */
function configure(entry: string): BenchmarkV1 {
  const benchmarks = new Registry<BenchmarkV1>('benchmark');
  benchmarks.register(ehrshotBenchmark);
  const providers = new Registry<ModelProviderV1>('provider');
  providers.register(
    defineProvider({
      id: 'baseline',
      displayName: 'baseline',
      languageModel: () => {
        throw new Error('not called by the planner');
      },
    }),
  );
  const [plan] = planRuns([parseRunEntry(`${entry},model=baseline:first-option`)], { benchmarks, providers });
  if (plan === undefined) throw new Error(`no plan for ${entry}`);
  return plan.benchmark;
}

describe('the ehrshot benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(ehrshotBenchmark).toMatchObject({
      id: 'ehrshot',
      displayName: 'EHRSHOT',
      category: 'Clinical Decision Support',
      subcategory: 'Predicting Patient Risks and Outcomes',
      access: 'gated',
      mainMetric: { name: 'exact_match', split: 'test' },
      correctedMetric: { name: 'exact_match_corrected', split: 'test' },
    });
    expect(ehrshotBenchmark.dataset.access).toBe('gated');
    expect(ehrshotBenchmark.dataset.obtain).toContain('Redivis');
    // get_ehrshot_spec: metric_specs=get_exact_match_metric_specs(), groups=["ehrshot"].
    expect(benchmarkMetricSpecs(ehrshotBenchmark)).toEqual(helmExactMatchMetricSpecs());
    expect(ehrshotBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.ehrshot_scenario.EHRSHOTScenario',
      runSpecName: 'ehrshot:subject=guo_readmission',
      scenarioArgs: { subject: 'guo_readmission', max_length: 100000 },
      groups: ['ehrshot'],
      tags: [],
    });
    // The scenario class's description, as Python concatenates its pieces (no spaces between them).
    expect(ehrshotBenchmark.helm.scenarioDescription).toContain('predict futureclinical events');
  });

  it("uses HELM's multiple_choice_joint adapter spec with the empty input noun", () => {
    expect(ehrshotBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions: 'Answer A for yes, B for no.\n',
      input_prefix: ': ',
      input_suffix: '\n',
      output_prefix:
        "Respond with only 'A' for yes or 'B' for no. Do not add any other text, punctuation, or symbols: ",
      max_train_instances: 0,
      max_tokens: 1,
      num_outputs: 5,
      temperature: 0,
    });
  });

  it("runs the MedHELM leaderboard's three subjects for --benchmarks ehrshot", () => {
    expect(ehrshotBenchmark.leaderboardRunEntries).toEqual([
      'ehrshot:max_length=100000,subject=guo_readmission',
      'ehrshot:max_length=100000,subject=new_hypertension',
      'ehrshot:max_length=100000,subject=lab_anemia',
    ]);
  });

  it('configures the task, max_length and max_labels_per_task from the run entry', () => {
    const configured = configure('ehrshot:max_length=254,subject=lab_anemia,max_labels_per_task=20');
    expect(configured.helm.runSpecName).toBe('ehrshot:subject=lab_anemia');
    expect(configured.helm.scenarioArgs).toEqual({ subject: 'lab_anemia', max_length: 254 });
    expect(configured.dataset.files.map((file) => file.name)).toEqual([
      'data/data.parquet',
      'labels/lab_anemia/labels.parquet',
    ]);
  });

  it('names the benchmark, the argument and the accepted values when an argument is wrong', () => {
    const wrongSubject = () => configure('ehrshot:subject=lab_anaemia');
    expect(wrongSubject).toThrow(ConfigError);
    expect(wrongSubject).toThrow(/ehrshot argument "subject": .*"lab_anemia".*"guo_readmission"/);
    expect(() => configure('ehrshot:subject=lab_anemia,max_length=-3')).toThrow(/argument "max_length"/);
    expect(() => configure('ehrshot:subject=lab_anemia,max_length=lots')).toThrow(/argument "max_length"/);
    expect(() => configure('ehrshot:subject=lab_anemia,seed=2')).toThrow(/ehrshot unknown argument "seed"/);
    // HELM's run spec has no default subject.
    expect(() => configure('ehrshot:max_length=10')).toThrow(/argument "subject"/);
  });

  it("reproduces the conformance vectors' deviation with max_labels_per_task", () => {
    const deviation =
      "ehrshot_scenario.CONFIG['max_labels_per_task'] set to 20 (HELM: 10000). HELM samples lab_* labels with df_labels.sample(n=10000, random_state=1), which raises ValueError on a file with fewer rows; the synthetic labels file has 30-40 rows, so 20 of them are sampled with the same call.";
    expect(ehrshotBenchmark.arguments?.deviationArguments?.(deviation)).toEqual({
      max_labels_per_task: '20',
    });
    expect(ehrshotBenchmark.arguments?.deviationArguments?.('CONFIG["seed"] set to 2')).toBeUndefined();
  });

  it("builds every task's instructions exactly as HELM's base_prompt does", () => {
    const fixture = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'helm-instructions.json'), 'utf8'),
    ) as { instructions: Record<string, string> };
    expect(Object.keys(fixture.instructions)).toEqual([...EHRSHOT_TASKS]);
    for (const task of EHRSHOT_TASKS) expect(ehrshotInstructions(task)).toBe(fixture.instructions[task]);
  });
});

describe('corrected and HELM exact match on the bundled guo_readmission labels', () => {
  it("differ where HELM pairs a prompt with another row's label", async () => {
    const benchmark = createEhrshotBenchmark({ task: 'guo_readmission' });
    const instances: Instance[] = [];
    for await (const instance of benchmark.dataset.load(createSampleLoadContext())) instances.push(instance);
    const [helm, corrected] = benchmark.scorers;
    // A model answering from the prompt's own label (the oracle of the prompt, not of HELM's row).
    let helmSum = 0;
    let correctedSum = 0;
    for (const [index, instance] of instances.entries()) {
      const own = instance.correctedReferences?.find((reference) => reference.tags.includes('correct'));
      const text = own?.output.text === 'yes' ? 'A' : 'B';
      const identified = { ...instance, id: `id${index}` };
      const input = {
        instance: identified,
        request: renderPrompt(benchmark.prompt, identified).request,
        result: {
          completions: [{ text, finishReason: 'length' as const, logprob: 0 }],
          usage: { promptTokens: 1, completionTokens: 1 },
          requestTimeSeconds: 0,
        },
        completion: text,
        prediction: own?.output.text ?? null,
        numTrainInstances: 0,
        promptTruncated: false,
      };
      helmSum += Number((await helm?.score(input))?.exact_match);
      correctedSum += Number((await corrected?.score(input))?.exact_match_corrected);
    }
    // File rows yes, no, yes, no; prompts' own labels no, no, yes, yes: HELM counts 2 of 4.
    expect(correctedSum).toBe(4);
    expect(helmSum).toBe(2);
  });
});
