import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  defineAnnotator,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  defineProvider,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type Instance,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
  Registry,
  type ScoreValuesV1,
  ScoringError,
  Tokens,
} from '@medhelm/core';
import { helmBasicGenerationScorer } from '@medhelm/metrics';
import { MedHelmStore } from '@medhelm/store';
import { container } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';
import { Evaluator } from './evaluator.ts';
import type { ModelDeployment } from './plan/model-deployment.ts';
import { planRuns } from './plan/plan-runs.ts';
import { silentRunObserver } from './run-observer.ts';
import { EngineTokens } from './tokens.ts';

const WARNING = 'the database is a synthetic stand-in: scores are not comparable with HELM';

/** A two-instance benchmark whose loader warns twice with the same message. */
const benchmark: BenchmarkV1 = defineBenchmark({
  id: 'lifecycle',
  displayName: 'Lifecycle',
  description: 'test',
  category: 'Administration and Workflow',
  subcategory: 'test',
  access: 'public',
  license: 'MIT',
  dataset: defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://example.org' },
    files: [],
    async *load(context): AsyncIterable<Instance> {
      for (const answer of ['yes', 'no']) {
        context.warn?.(WARNING);
        yield {
          input: { text: `say ${answer}` },
          references: [{ output: { text: answer }, tags: ['correct'] }],
          split: 'test',
        };
      }
    },
  }),
  prompt: definePromptTemplate({
    adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, method: 'generation', max_tokens: 5 },
    render: (instance) => ({
      request: {
        prompt: instance.input.text,
        temperature: 0,
        maxTokens: 5,
        stopSequences: [],
        numCompletions: 1,
        topKPerToken: 1,
        topP: 1,
        presencePenalty: 0,
        frequencyPenalty: 0,
      },
      numTrainInstances: 0,
      promptTruncated: false,
    }),
  }),
  normalizers: [],
  scorers: [helmBasicGenerationScorer({ names: ['exact_match'] })],
  mainMetric: { name: 'exact_match', split: 'test' },
  helm: {
    scenarioClassName: 'x',
    scenarioArgs: {},
    scenarioName: 'lifecycle',
    scenarioDescription: 'test',
    tags: [],
    definitionPath: 'https://example.org',
    groups: [],
  },
});

/** A provider whose models echo the last word of the prompt, or fail when the model id says so. */
function countingProvider(closed: string[]): ModelProviderV1 {
  return defineProvider({
    id: 'counting',
    displayName: 'Counting',
    languageModel: (modelId): LanguageModelV1 => ({
      specificationVersion: 'v1',
      providerId: 'counting',
      modelId,
      cacheIdentity: {},
      async doGenerate(request) {
        if (modelId === 'broken') throw new ModelCallError('no model file', { isRetryable: false });
        return {
          completions: [{ text: request.prompt?.split(' ').at(-1) ?? '', finishReason: 'stop' }],
          usage: { promptTokens: 2, completionTokens: 1 },
          requestTimeSeconds: 0,
          requestDatetime: 0,
        };
      },
      async close() {
        closed.push(modelId);
      },
    }),
  });
}

describe('Evaluator lifecycle', () => {
  const stores: MedHelmStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  function evaluatorFor(closed: string[]): { evaluator: Evaluator; providers: Registry<ModelProviderV1> } {
    const output = mkdtempSync(join(tmpdir(), 'medhelm-lifecycle-'));
    const store = MedHelmStore.open({ path: join(output, 'cache.sqlite') });
    stores.push(store);
    const providers = new Registry<ModelProviderV1>('provider');
    providers.register(countingProvider(closed), 'test');
    const scope = container.createChildContainer();
    scope.register(Tokens.ProviderRegistry, { useValue: providers });
    scope.register(EngineTokens.Store, { useValue: store });
    scope.register(EngineTokens.RequestCache, { useValue: store.requestCache });
    scope.register(EngineTokens.RunObserver, { useValue: silentRunObserver });
    scope.register(Tokens.Environment, { useValue: {} });
    return { evaluator: scope.resolve(Evaluator), providers };
  }

  function plansFor(providers: Registry<ModelProviderV1>, model: string) {
    const benchmarks = new Registry<BenchmarkV1>('benchmark');
    benchmarks.register(benchmark, 'test');
    return planRuns([{ benchmarkId: 'lifecycle', args: [['model', `counting:${model}`]] }], {
      benchmarks,
      providers,
    });
  }

  const options = (outputPath: string) => ({
    suite: 'test',
    outputPath,
    dataSource: { kind: 'sample' as const },
    providerSettings: {},
  });

  it("closes the run's model once, reports each distinct loader warning once and records it", async () => {
    const closed: string[] = [];
    const { evaluator, providers } = evaluatorFor(closed);
    const output = mkdtempSync(join(tmpdir(), 'medhelm-lifecycle-out-'));
    const [outcome] = await evaluator.runAll(plansFor(providers, 'echo'), options(output));
    expect(closed).toEqual(['echo']);
    expect(outcome?.warnings).toEqual([WARNING]);
    expect(outcome?.headline.value).toBe(1);
    const report = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'medhelm_run.json'), 'utf8'));
    expect(report.warnings).toEqual([WARNING]);
    expect(report.access).toBe(benchmark.access);
  });

  it('closes the model when the run stops on a configuration failure', async () => {
    const closed: string[] = [];
    const { evaluator, providers } = evaluatorFor(closed);
    const output = mkdtempSync(join(tmpdir(), 'medhelm-lifecycle-out-'));
    await expect(evaluator.runAll(plansFor(providers, 'broken'), options(output))).rejects.toThrow(
      'no model file',
    );
    expect(closed).toEqual(['broken']);
  });
});

/** The lifecycle benchmark with a one-judge-per-name "jury" that asks each judge to echo a score. */
const juried: BenchmarkV1 = {
  ...benchmark,
  id: 'juried',
  annotators: [
    defineAnnotator({
      id: 'juried',
      needsJudges: true,
      async annotate(input, context) {
        const verdicts: Record<string, string> = {};
        for (const judge of context.judges) {
          const reply = await judge.generate({ ...input.request, prompt: `grade ${input.completion}` });
          verdicts[judge.name] = reply.completions[0]?.text ?? '';
        }
        return verdicts;
      },
    }),
  ],
  scorers: [
    ...benchmark.scorers,
    defineScorer({
      id: 'verdicts',
      statNames: ['judged'],
      score(input): ScoreValuesV1 {
        const verdicts = input.annotations?.juried as Record<string, string> | undefined;
        if (verdicts === undefined) return {};
        if (Object.keys(verdicts).length === 0) throw new ScoringError('no verdicts');
        return { judged: Object.keys(verdicts).length };
      },
    }),
  ],
};

describe('Evaluator with a jury', () => {
  const stores: MedHelmStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  function setup() {
    const closed: string[] = [];
    const output = mkdtempSync(join(tmpdir(), 'medhelm-jury-'));
    const store = MedHelmStore.open({ path: join(output, 'cache.sqlite') });
    stores.push(store);
    const providers = new Registry<ModelProviderV1>('provider');
    providers.register(countingProvider(closed), 'test');
    const benchmarks = new Registry<BenchmarkV1>('benchmark');
    benchmarks.register(juried, 'test');
    const scope = container.createChildContainer();
    scope.register(Tokens.ProviderRegistry, { useValue: providers });
    scope.register(EngineTokens.Store, { useValue: store });
    scope.register(EngineTokens.RequestCache, { useValue: store.requestCache });
    scope.register(EngineTokens.RunObserver, { useValue: silentRunObserver });
    scope.register(Tokens.Environment, { useValue: {} });
    const plans = planRuns([{ benchmarkId: 'juried', args: [['model', 'counting:echo']] }], {
      benchmarks,
      providers,
    });
    return { evaluator: scope.resolve(Evaluator), plans, closed, output };
  }

  const judge = (name: string, usdPerMillion?: number): { name: string; deployment: ModelDeployment } => ({
    name,
    deployment: {
      providerId: 'counting',
      modelId: `judge-${name}`,
      helmModel: `test/judge-${name}`,
      helmDeployment: `counting/judge-${name}`,
      ...(usdPerMillion === undefined
        ? {}
        : {
            price: {
              inputPerMillion: usdPerMillion,
              outputPerMillion: usdPerMillion,
              currency: 'USD',
              origin: 'override',
            },
          }),
    },
  });

  it('annotates every instance through the judges, scores the annotations, writes them and bills the jury', async () => {
    const { evaluator, plans, closed, output } = setup();
    const [outcome] = await evaluator.runAll(plans, {
      suite: 'test',
      outputPath: output,
      dataSource: { kind: 'sample' },
      providerSettings: {},
      judges: [judge('gpt', 1_000_000), judge('claude', 1_000_000)],
    });
    expect(outcome?.warnings).toEqual([WARNING]);
    // Two instances × two judges; each judge call uses 2 prompt + 1 completion tokens at $1 per token.
    expect(outcome?.cost.judgeUsage).toEqual({ promptTokens: 8, completionTokens: 4 });
    expect(outcome?.cost.judgeUsd).toBe(12);
    expect(outcome?.cost.jury).toBe('ran');
    expect(closed.sort()).toEqual(['echo', 'judge-claude', 'judge-gpt']);
    const state = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'scenario_state.json'), 'utf8'));
    expect(
      state.request_states.map((requestState: { annotations: unknown }) => requestState.annotations),
    ).toEqual([{ juried: { gpt: 'yes', claude: 'yes' } }, { juried: { gpt: 'no', claude: 'no' } }]);
    const stats = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'stats.json'), 'utf8')) as Array<{
      name: { name: string };
      mean: number;
    }>;
    expect(stats.find((stat) => stat.name.name === 'judged')?.mean).toBe(2);
  });

  it('skips the jury when no judges are configured, says how to configure them, and still scores the rest', async () => {
    const { evaluator, plans, output } = setup();
    const [outcome] = await evaluator.runAll(plans, {
      suite: 'test',
      outputPath: output,
      dataSource: { kind: 'sample' },
      providerSettings: {},
    });
    expect(outcome?.warnings).toEqual([WARNING, expect.stringContaining('the LLM jury was skipped')]);
    expect(outcome?.warnings[1]).toContain('--judges gpt=<model>,llama=<model>,claude=<model>');
    expect(outcome?.headline.value).toBe(1);
    expect(outcome?.cost.judgeUsd).toBe(0);
    expect(outcome?.cost.jury).toBe('skipped');
    const stats = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'stats.json'), 'utf8')) as Array<{
      name: { name: string };
    }>;
    expect(stats.some((stat) => stat.name.name === 'judged')).toBe(false);
  });
});
