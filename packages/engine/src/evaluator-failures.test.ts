import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineChatCompletionsProvider } from '@medhelm/chat-completions';
import {
  type BenchmarkV1,
  ConfigError,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type Instance,
  type ModelProviderV1,
  Registry,
  Tokens,
} from '@medhelm/core';
import { createJuryAnnotator, createJuryScorer, type JuryRubric } from '@medhelm/jury';
import { MedHelmStore } from '@medhelm/store';
import { startMockModelServer } from '@medhelm/testing';
import { type MockModelServer, mockJuryReplyText } from '@medhelm/testing/internal';
import { container } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';
import { type EvaluationOptions, Evaluator } from './evaluator.ts';
import { EndpointUnreachableError } from './execute/endpoint-breaker.ts';
import type { ModelDeployment } from './plan/model-deployment.ts';
import { planRuns } from './plan/plan-runs.ts';
import { silentRunObserver } from './run-observer.ts';
import { EngineTokens } from './tokens.ts';

// A MedHELM-shaped jury (the mock server answers prompts naming these criteria as a judge would).
const rubric: JuryRubric = {
  name: 'notes',
  promptTemplate:
    'Judge the response.\n<question>\n{QUESTION}\n</question>\n<response>\n{RESPONSE}\n</response>\nReply in JSON: {"accuracy": {"score": 0, "explanation": ""}, "completeness": {"score": 0, "explanation": ""}, "clarity": {"score": 0, "explanation": ""}}',
  criteria: {
    accuracy: ['score', 'explanation'],
    completeness: ['score', 'explanation'],
    clarity: ['score', 'explanation'],
  },
  helmAnnotatorClassName: 'helm.benchmark.annotation.notes_annotator.NotesAnnotator',
  metricName: 'notes_accuracy',
  defaultScore: 1,
};

const QUESTIONS = [
  'Is ibuprofen an NSAID?',
  'Can I take it with food?',
  'What dose for a child?',
  'Any rash?',
];

const SAMPLE_FILE = { name: 'questions.jsonl', samplePath: fileURLToPath(import.meta.url) };

/** A four-question jury benchmark whose bundled sample is invented (as `sampleInvented` says). */
const judged: BenchmarkV1 = defineBenchmark({
  id: 'notes',
  displayName: 'Notes',
  description: 'test',
  category: 'Patient Communication and Education',
  subcategory: 'test',
  access: 'public',
  license: 'MIT',
  dataset: defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://example.org' },
    sampleInvented: true,
    // The file stands for the bundled sample a real loader reads (its rows are written below).
    files: [SAMPLE_FILE],
    async *load(context): AsyncIterable<Instance> {
      await context.resolveFile(SAMPLE_FILE);
      for (const question of QUESTIONS) {
        yield {
          input: { text: question },
          references: [{ output: { text: 'yes' }, tags: ['correct'] }],
          split: 'test',
        };
      }
    },
  }),
  prompt: definePromptTemplate({
    adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, method: 'generation', max_tokens: 20 },
    render: (instance) => ({
      request: {
        prompt: instance.input.text,
        temperature: 0,
        maxTokens: 20,
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
  annotators: [createJuryAnnotator(rubric)],
  scorers: [createJuryScorer(rubric, { judgeNames: ['gpt', 'claude'] })],
  mainMetric: { name: 'notes_accuracy', split: 'test' },
  correctedMetric: { name: 'notes_accuracy_valid_only', split: 'test' },
  helm: {
    scenarioClassName: 'x',
    scenarioArgs: {},
    scenarioName: 'notes',
    scenarioDescription: 'test',
    tags: [],
    definitionPath: 'https://example.org',
    groups: [],
  },
});

/** An OpenAI-compatible provider over the real chat-completions wire, with no default server. */
const chat: ModelProviderV1 = defineChatCompletionsProvider({
  id: 'chat',
  displayName: 'Chat',
  packageName: '@medhelm/engine-test',
  apiKeyEnvVar: 'CHAT_KEY',
  endpoint: (modelId, settings) => ({
    wireModel: modelId,
    url: `${settings.baseUrl ?? 'http://unset.invalid'}/chat/completions`,
    headers: {},
    cacheIdentity: { baseUrl: settings.baseUrl ?? '' },
    ...(settings.baseUrl === undefined
      ? { unavailable: { message: 'no base URL is set', hint: 'Give it a baseUrl.' } }
      : {}),
  }),
});

function deployment(modelId: string, baseUrl: string | undefined): ModelDeployment {
  return {
    providerId: 'chat',
    modelId,
    helmModel: `test/${modelId}`,
    helmDeployment: `chat/${modelId}`,
    ...(baseUrl === undefined ? {} : { baseUrl }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

describe('Evaluator: no number for work that did not happen', () => {
  const closers: Array<() => unknown> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function serve(reply: (model: string) => string | { status: number }): Promise<MockModelServer> {
    const server = await startMockModelServer({ wires: ['openai'], reply: (call) => reply(call.model) });
    closers.push(() => server.close());
    return server;
  }

  function evaluation(candidate: ModelDeployment, judges: Record<string, ModelDeployment>) {
    const output = mkdtempSync(join(tmpdir(), 'medhelm-failures-'));
    const store = MedHelmStore.open({ path: join(output, 'cache', 'medhelm.sqlite') });
    closers.push(() => store.close());
    const providers = new Registry<ModelProviderV1>('provider');
    providers.register(chat, 'test');
    const benchmarks = new Registry<BenchmarkV1>('benchmark');
    benchmarks.register(judged, 'test');
    const scope = container.createChildContainer();
    scope.register(Tokens.ProviderRegistry, { useValue: providers });
    scope.register(EngineTokens.Store, { useValue: store });
    scope.register(EngineTokens.RequestCache, { useValue: store.requestCache });
    scope.register(EngineTokens.RunObserver, { useValue: silentRunObserver });
    scope.register(Tokens.Environment, { useValue: {} });
    const plans = planRuns(
      [
        {
          benchmarkId: 'notes',
          args: [
            ['model', candidate.helmModel],
            ['model_deployment', candidate.helmDeployment],
          ],
          deployment: candidate,
        },
      ],
      { benchmarks, providers },
    );
    const options: EvaluationOptions = {
      suite: 'test',
      outputPath: output,
      dataSource: { kind: 'sample' },
      providerSettings: { timeoutMs: 5000 },
      retry: { maxRetries: 1, initialDelayMs: 1 },
      judges: Object.entries(judges).map(([name, judge]) => ({ name, deployment: judge })),
    };
    return { evaluator: scope.resolve(Evaluator), plans, options };
  }

  it('fails the instances whose judge could not be asked, naming the judge, and scores no default for them', async () => {
    const server = await serve((model) =>
      model === 'judge-claude'
        ? { status: 500 }
        : model === 'cand'
          ? 'Yes, it is.'
          : mockJuryReplyText('valid'),
    );
    const { evaluator, plans, options } = evaluation(deployment('cand', server.baseUrl), {
      gpt: deployment('judge-gpt', server.baseUrl),
      claude: deployment('judge-claude', server.baseUrl),
    });
    const [outcome] = await evaluator.runAll(plans, options);
    expect(outcome?.counts).toMatchObject({ selected: 4, completed: 0, failed: 4 });
    expect(outcome?.failures[0]?.error).toMatch(
      /judge claude \(chat\/judge-claude\) could not be asked: .*HTTP 500/,
    );
    // No instance completed, so no headline: never HELM's default 1.0 for judges that were not asked.
    expect(outcome?.headline.value).toBeUndefined();
    const report = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'medhelm_run.json'), 'utf8'));
    expect(report.failures).toHaveLength(4);
    expect(report.headline.value).toBeNull();
  });

  it('stops the run at once when a judge server cannot be reached, naming the judge and the URL', async () => {
    const server = await serve((model) => (model === 'cand' ? 'Yes.' : mockJuryReplyText('valid')));
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const { evaluator, plans, options } = evaluation(deployment('cand', server.baseUrl), {
      gpt: deployment('judge-gpt', server.baseUrl),
      claude: deployment('judge-claude', dead),
    });
    const started = Date.now();
    const failure = await evaluator.runAll(plans, options).catch((error: unknown) => error);
    expect(EndpointUnreachableError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain(`Cannot reach ${dead}/chat/completions (judge claude`);
    expect((failure as EndpointUnreachableError).hint).toContain('Nothing listens there');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses to start, naming every deployment that cannot be called, before any request', async () => {
    const server = await serve(() => 'Yes.');
    const { evaluator, plans, options } = evaluation(deployment('cand', undefined), {
      gpt: deployment('judge-gpt', undefined),
      claude: deployment('judge-claude', server.baseUrl),
    });
    const failure = await evaluator.runAll(plans, options).catch((error: unknown) => error);
    expect(ConfigError.isInstance(failure)).toBe(true);
    const message = (failure as ConfigError).message;
    expect(message).toContain('2 problems stop these runs; nothing was sent:');
    expect(message).toContain('1. model (chat/cand): no base URL is set.');
    expect(message).toContain('2. judge gpt (chat/judge-gpt): no base URL is set.');
    expect(message).toContain('Fix for 1: Give it a baseUrl.\n');
    // A judge's fix says where a judge's server and key are set.
    expect(message).toContain(
      "Fix for 2: Give it a baseUrl. A judge's key variable and server come from its deployment (apiKeyEnv: and baseUrl: in a models file), not from --api-key-env or --base-url.",
    );
    expect(server.requestCount).toBe(0);
  });

  it('counts invalid judge replies per judge, warns, and records them and the invented data with the run', async () => {
    const server = await serve((model) =>
      model === 'cand'
        ? 'Yes.'
        : mockJuryReplyText(model === 'judge-claude' ? 'malformed-json' : 'valid', undefined, 3),
    );
    const { evaluator, plans, options } = evaluation(deployment('cand', server.baseUrl), {
      gpt: deployment('judge-gpt', server.baseUrl),
      claude: deployment('judge-claude', server.baseUrl),
    });
    const [outcome] = await evaluator.runAll(plans, { ...options, maxInvalidJudgeReplies: 0.25 });
    expect(outcome?.counts).toMatchObject({ completed: 4, failed: 0 });
    expect(outcome?.juryReplies).toMatchObject({
      total: 8,
      invalid: 4,
      limit: 0.25,
      unjudgedInstances: 0,
      instancesWithoutValidReply: 0,
      judges: {
        gpt: { total: 4, invalid: 0, firstInvalidReason: null },
        claude: { total: 4, invalid: 4, firstInvalidReason: expect.stringContaining('invalid JSON') },
      },
    });
    // HELM's headline is unchanged (gpt's 3s); the warning says what the invalid replies mean.
    expect(outcome?.headline.value).toBe(3);
    expect(outcome?.headline.corrected?.value).toBe(3);
    expect(outcome?.warnings).toEqual([
      expect.stringMatching(
        /^notes: 4 of 8 judge replies \(50%\) could not be used – claude 4 of 4 \(first: invalid JSON/,
      ),
    ]);
    expect(outcome?.warnings[0]).toContain('more than the 25% allowed, so the run fails');
    const report = JSON.parse(readFileSync(join(outcome?.runDirectory ?? '', 'medhelm_run.json'), 'utf8'));
    expect(report.data).toEqual({ source: 'sample', invented: true });
    expect(report.jury_replies).toMatchObject({
      total: 8,
      invalid: 4,
      limit: 0.25,
      judges: {
        claude: { total: 4, invalid: 4, first_invalid_reason: expect.stringContaining('invalid JSON') },
      },
    });
    expect(report.warnings).toEqual(outcome?.warnings);
    // What produced it: the jury (never a key), the data file's digest, the run's own files'.
    const { provenance } = report;
    expect(provenance).toMatchObject({
      format: 'medhelm-provenance/1',
      release: null,
      helm_commit: null,
      benchmark: { id: 'notes', name: 'notes', version: null, variant: null },
      seeds: { downsample: 0 },
      data: { source: 'sample', invented: true, instances: { available: 4, used: 4 } },
    });
    const host = new URL(server.baseUrl).host;
    expect(provenance.jury).toEqual([
      expect.objectContaining({
        name: 'gpt',
        deployment: 'chat/judge-gpt',
        base_url_host: host,
        temperature: 0,
        max_tokens: 4096,
      }),
      expect.objectContaining({ name: 'claude', deployment: 'chat/judge-claude', base_url_host: host }),
    ]);
    expect(provenance.jury[0].prompt_template_sha256).toBe(
      createHash('sha256').update(rubric.promptTemplate).digest('hex'),
    );
    const sample = fileURLToPath(import.meta.url);
    expect(provenance.data.files).toEqual([
      {
        path: basename(sample),
        sha256: createHash('sha256').update(readFileSync(sample)).digest('hex'),
        bytes: statSync(sample).size,
        rows_used: 4,
      },
    ]);
    for (const file of [
      'run_spec.json',
      'scenario.json',
      'scenario_state.json',
      'per_instance_stats.json',
      'stats.json',
    ]) {
      const bytes = readFileSync(join(outcome?.runDirectory ?? '', file));
      expect(provenance.outputs[file], file).toEqual({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
      });
    }
  });
});
