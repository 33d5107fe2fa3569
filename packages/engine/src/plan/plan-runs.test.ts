import {
  ConfigError,
  defineProvider,
  type ModelProviderV1,
  NoSuchEntityError,
  Registry,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfText } from './conf-file.ts';
import { planRuns } from './plan-runs.ts';
import { parseRunEntry } from './run-entry.ts';
import { fakeBenchmark } from './test-benchmark.ts';

function registries() {
  const benchmarks = new Registry<ReturnType<typeof fakeBenchmark>>('benchmark');
  benchmarks.register(fakeBenchmark('pubmed_qa'));
  benchmarks.register(fakeBenchmark('medcalc_bench'));
  const providers = new Registry<ModelProviderV1>('provider');
  for (const id of ['openai-compatible', 'baseline']) {
    providers.register(
      defineProvider({
        id,
        displayName: id,
        languageModel: () => {
          throw new Error('not called by the planner');
        },
      }),
    );
  }
  return { benchmarks, providers };
}

describe('planRuns', () => {
  it('names runs as HELM does for MedHELM leaderboard entries', () => {
    const [plan] = planRuns(
      [
        parseRunEntry(
          'medcalc_bench:num_output_tokens=4000,model=deepseek-ai/deepseek-r1,model_deployment=openai-compatible/deepseek-ai/deepseek-r1',
        ),
      ],
      registries(),
    );
    expect(plan?.runName).toBe(
      'medcalc_bench:num_output_tokens=4000,model=deepseek-ai_deepseek-r1,model_deployment=openai-compatible_deepseek-ai_deepseek-r1',
    );
    expect(plan?.adapterSpec.max_tokens).toBe(4000);
    expect(plan?.adapterSpec.model).toBe('deepseek-ai/deepseek-r1');
    expect(plan?.adapterSpec.model_deployment).toBe('openai-compatible/deepseek-ai/deepseek-r1');
    expect(plan?.deployment).toMatchObject({
      providerId: 'openai-compatible',
      modelId: 'deepseek-ai/deepseek-r1',
    });
  });

  it("starts the run name with HELM's run spec name when the benchmark's run spec function sets one", () => {
    const { benchmarks, providers } = registries();
    const headQa = fakeBenchmark('head_qa');
    benchmarks.register({
      ...headQa,
      helm: { ...headQa.helm, runSpecName: 'head_qa:language=en,category=None' },
    });
    const [plan] = planRuns(
      [
        parseRunEntry(
          'head_qa:model=openai/gpt-4o-2024-05-13,model_deployment=openai-compatible/gpt-4o-2024-05-13',
        ),
      ],
      { benchmarks, providers },
    );
    // As HELM names it: the run spec's name, then the expanders' keys.
    expect(plan?.runName).toBe(
      'head_qa:language=en,category=None,model=openai_gpt-4o-2024-05-13,model_deployment=openai-compatible_gpt-4o-2024-05-13',
    );
  });

  it('accepts the provider:model short form and keeps colons in model ids', () => {
    const [plan] = planRuns([parseRunEntry('pubmed_qa:model=openai-compatible:llama3.1:8b')], registries());
    expect(plan?.deployment).toMatchObject({ providerId: 'openai-compatible', modelId: 'llama3.1:8b' });
    expect(plan?.runName).toBe('pubmed_qa:model=openai-compatible_llama3.1:8b');
  });

  it('fills max_eval_instances from the flag only where the entry sets none', () => {
    const planned = planRuns(
      [
        parseRunEntry('pubmed_qa:model=baseline:first-option,max_eval_instances=3'),
        parseRunEntry('medcalc_bench:model=baseline:first-option'),
      ],
      registries(),
      { maxEvalInstances: 10 },
    );
    expect(planned.map((plan) => plan.adapterSpec.max_eval_instances)).toEqual([3, 10]);
    expect(planned[0]?.runName).toBe('pubmed_qa:model=baseline_first-option,max_eval_instances=3');
  });

  it('appends conf-file groups as HELM does', () => {
    const entries = parseConfText(
      'entries: [ {description: "pubmed_qa:model=baseline:first-option", priority: 1, groups: ["b", "a"]} ]',
      'x.conf',
    );
    const [plan] = planRuns(entries, registries());
    expect(plan?.runName).toBe('pubmed_qa:model=baseline_first-option,groups=a-b');
    expect(plan?.groups).toEqual(['pubmed_qa', 'b', 'a']);
  });

  it('rejects unknown keys, benchmarks and providers with the known ones listed', () => {
    expect(() => planRuns([parseRunEntry('pubmed_qa:model=baseline:x,foo=1')], registries())).toThrow(
      /pubmed_qa takes no arguments, and "foo" is not a run entry key/,
    );
    expect(() => planRuns([parseRunEntry('pubmedqa:model=baseline:x')], registries())).toThrow(
      NoSuchEntityError,
    );
    expect(() => planRuns([parseRunEntry('pubmed_qa:model=nope:x')], registries())).toThrow(
      'Unknown provider "nope". Known providers: baseline, openai-compatible.',
    );
    expect(() => planRuns([parseRunEntry('pubmed_qa:model=gpt-4o')], registries())).toThrow(ConfigError);
  });
});

describe('planRuns with benchmark arguments', () => {
  /** A benchmark taking `subject` (a closed set) and an optional `max_length`, named as HELM names it. */
  function withArguments() {
    const { benchmarks, providers } = registries();
    const base = fakeBenchmark('ehrshot');
    const schema = z.strictObject({
      subject: z.enum(['guo_readmission', 'lab_anemia']),
      max_length: z.coerce.number().int().positive().optional(),
    });
    benchmarks.register({
      ...base,
      arguments: {
        schema,
        configure: (args) => ({
          ...base,
          description: `${String(args.subject)} ${String(args.max_length ?? 100000)}`,
          helm: { ...base.helm, runSpecName: `ehrshot:subject=${String(args.subject)}` },
        }),
      },
    });
    return { benchmarks, providers };
  }

  it('configures the benchmark and names the run from its run spec name, then the expanders', () => {
    const [plan] = planRuns(
      [
        parseRunEntry(
          'ehrshot:max_length=254,subject=lab_anemia,model=baseline:first-option,data_path=/data/ehrshot',
        ),
      ],
      withArguments(),
    );
    expect(plan?.benchmark.description).toBe('lab_anemia 254');
    expect(plan?.runName).toBe('ehrshot:subject=lab_anemia,model=baseline_first-option');
    expect(plan?.dataPath).toBe('/data/ehrshot');
  });

  it('names the benchmark, the argument and the accepted values when an argument is wrong', () => {
    expect(() =>
      planRuns([parseRunEntry('ehrshot:subject=lab_x,model=baseline:a')], withArguments()),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/ehrshot argument "subject": .*guo_readmission.*lab_anemia/),
      }),
    );
    expect(() =>
      planRuns([parseRunEntry('ehrshot:subject=lab_anemia,color=red,model=baseline:a')], withArguments()),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('ehrshot unknown argument "color"'),
        hint: expect.stringContaining('ehrshot takes subject, max_length'),
      }),
    );
  });

  it("hands configure a resolver for the paths arguments name, the run's own (data_path= uses it too)", () => {
    const { benchmarks, providers } = registries();
    const base = fakeBenchmark('configurable');
    benchmarks.register({
      ...base,
      arguments: {
        schema: z.strictObject({ config_path: z.string() }),
        configure: (args, context) => ({
          ...base,
          description: context?.resolvePath(String(args.config_path)) ?? 'no resolver',
        }),
      },
    });
    const entry = parseRunEntry('configurable:config_path=my.yaml,model=baseline:a,data_path=d');
    const [plan] = planRuns([entry], { benchmarks, providers }, { resolvePath: (path) => `/work/${path}` });
    expect(plan?.benchmark.description).toBe('/work/my.yaml');
    expect(plan?.dataPath).toBe('/work/d');
    expect(planRuns([entry], { benchmarks, providers })[0]?.benchmark.description).toBe('no resolver');
  });

  it('refuses two different entries that HELM would give the same run name', () => {
    expect(() =>
      planRuns(
        [
          parseRunEntry('ehrshot:max_length=254,subject=lab_anemia,model=baseline:a'),
          parseRunEntry('ehrshot:max_length=1000,subject=lab_anemia,model=baseline:a'),
        ],
        withArguments(),
      ),
    ).toThrow(/both get the run name ehrshot:subject=lab_anemia,model=baseline_a/);
    // The same entry twice runs once.
    expect(
      planRuns(
        [
          parseRunEntry('ehrshot:subject=lab_anemia,model=baseline:a'),
          parseRunEntry('ehrshot:subject=lab_anemia,model=baseline:a'),
        ],
        withArguments(),
      ),
    ).toHaveLength(1);
  });
});

describe('parseConfText', () => {
  it('reads HELM run-entries files with comments', () => {
    const text = [
      '# MedHELM public entries',
      'entries: [',
      '  ## Medical Research Assistance ##',
      '  {description: "pubmed_qa:model=openai/gpt-4o,model_deployment=openai-compatible/gpt-4o", priority: 1},',
      '  {description: "medcalc_bench:model=baseline:first-option", priority: 2}  // second',
      ']',
    ].join('\n');
    const entries = parseConfText(text, 'run_entries.conf');
    expect(entries.map((entry) => [entry.benchmarkId, entry.priority])).toEqual([
      ['pubmed_qa', 1],
      ['medcalc_bench', 2],
    ]);
    expect(entries[0]?.args).toEqual([
      ['model', 'openai/gpt-4o'],
      ['model_deployment', 'openai-compatible/gpt-4o'],
    ]);
  });

  it('names the file and line of an entry without a description', () => {
    expect(() => parseConfText('entries: [\n  {priority: 1}\n]', 'bad.conf')).toThrow(
      'bad.conf, line 2: an entry has no description.',
    );
  });
});
