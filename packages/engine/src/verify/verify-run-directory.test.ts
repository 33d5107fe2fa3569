import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  ConfigError,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  defineProvider,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type Instance,
  type ModelProviderV1,
  Registry,
  type ScoreValuesV1,
  Tokens,
} from '@medhelm/core';
import { helmBasicGenerationScorer } from '@medhelm/metrics';
import { MedHelmStore } from '@medhelm/store';
import { container } from 'tsyringe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Evaluator } from '../evaluator.ts';
import { planRuns } from '../plan/plan-runs.ts';
import { silentRunObserver } from '../run-observer.ts';
import { EngineTokens } from '../tokens.ts';
import { verifyRunDirectory } from './verify-run-directory.ts';

/** Five instances, two sub-splits, answers the echo model gets right for three of them. */
const ROWS = [
  { question: 'say yes', answer: 'yes', subSplit: 'adult' },
  { question: 'say no', answer: 'no', subSplit: 'adult' },
  { question: 'say maybe', answer: 'perhaps', subSplit: 'child' },
  { question: 'say 7', answer: '7', subSplit: 'child' },
  { question: 'say x', answer: 'y', subSplit: 'adult' },
];

/**
 * A scorer with what HELM's jury metric has: a value that is sometimes null (count 0), and a stat
 * derived from the merged sums (`deriveStats`) that per-instance stats cannot give.
 */
const lengthScorer = defineScorer({
  id: 'length',
  statNames: ['completion_length', 'long_completion', 'length_ratio'],
  score: (input) => ({
    completion_length: input.completion.length,
    long_completion: input.completion.length > 3 ? true : null,
  }),
  deriveStats: (merged): ScoreValuesV1 => {
    const length = merged.get('completion_length');
    return length === undefined ? {} : { length_ratio: length.sum / (length.count + 0.5) };
  },
});

const benchmark: BenchmarkV1 = defineBenchmark({
  id: 'verified',
  displayName: 'Verified',
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
    async *load(): AsyncIterable<Instance> {
      for (const row of ROWS) {
        yield {
          input: { text: row.question },
          references: [{ output: { text: row.answer }, tags: ['correct'] }],
          split: 'test',
          subSplit: row.subSplit,
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
  scorers: [helmBasicGenerationScorer({ names: ['exact_match', 'quasi_exact_match'] }), lengthScorer],
  mainMetric: { name: 'exact_match', split: 'test' },
  helm: {
    scenarioClassName: 'x',
    scenarioArgs: {},
    scenarioName: 'verified',
    scenarioDescription: 'test',
    tags: [],
    definitionPath: 'https://example.org',
    groups: [],
  },
});

/** Echoes the prompt's last word, with a fractional request time so sums are not all integers. */
const echoProvider: ModelProviderV1 = defineProvider({
  id: 'echo',
  displayName: 'Echo',
  languageModel: (modelId) => ({
    specificationVersion: 'v1',
    providerId: 'echo',
    modelId,
    cacheIdentity: {},
    async doGenerate(request) {
      const word = request.prompt?.split(' ').at(-1) ?? '';
      return {
        completions: [{ text: word, finishReason: 'stop' }],
        usage: { promptTokens: word.length + 2, completionTokens: 1 },
        requestTimeSeconds: word.length / 3,
        requestDatetime: 0,
      };
    },
  }),
});

interface StatRecord {
  name: { name: string; split?: string; sub_split?: string; perturbation?: unknown };
  count: number;
  sum: number;
  mean?: number;
}

let runDirectory: string;
let pristine: Map<string, string>;
const RUN_FILES = [
  'run_spec.json',
  'scenario.json',
  'scenario_state.json',
  'per_instance_stats.json',
  'stats.json',
];

beforeAll(async () => {
  const output = mkdtempSync(join(tmpdir(), 'medhelm-verify-'));
  const store = MedHelmStore.open({ path: join(output, 'cache.sqlite') });
  try {
    const providers = new Registry<ModelProviderV1>('provider');
    providers.register(echoProvider, 'test');
    const benchmarks = new Registry<BenchmarkV1>('benchmark');
    benchmarks.register(benchmark, 'test');
    const scope = container.createChildContainer();
    scope.register(Tokens.ProviderRegistry, { useValue: providers });
    scope.register(EngineTokens.Store, { useValue: store });
    scope.register(EngineTokens.RequestCache, { useValue: store.requestCache });
    scope.register(EngineTokens.RunObserver, { useValue: silentRunObserver });
    scope.register(Tokens.Environment, { useValue: {} });
    const plans = planRuns([{ benchmarkId: 'verified', args: [['model', 'echo:words']] }], {
      benchmarks,
      providers,
    });
    const [outcome] = await scope.resolve(Evaluator).runAll(plans, {
      suite: 'test',
      outputPath: output,
      dataSource: { kind: 'sample' },
      providerSettings: {},
    });
    runDirectory = outcome?.runDirectory ?? '';
  } finally {
    store.close();
  }
  pristine = new Map(
    [...RUN_FILES, 'medhelm_run.json'].map((file) => [file, readFileSync(join(runDirectory, file), 'utf8')]),
  );
});

afterAll(() => {
  rmSync(runDirectory, { recursive: true, force: true });
});

/**
 * A fresh copy of the engine-written run without its provenance (so a test sees the recomputation
 * alone; `withRecordedOutputs` adds digests back), changed by `edit` (file name → new text).
 */
function copyOfRun(edit: (files: Map<string, string>) => void = () => {}): string {
  const files = new Map(pristine);
  const { provenance: _provenance, ...report } = JSON.parse(files.get('medhelm_run.json') ?? '{}');
  files.set('medhelm_run.json', JSON.stringify(report, null, 2));
  edit(files);
  const copy = join(mkdtempSync(join(tmpdir(), 'medhelm-verify-copy-')), 'run');
  mkdirSync(copy);
  for (const [name, text] of files) writeFileSync(join(copy, name), text);
  return copy;
}

/** Changes the mean (only) of the stats.json entry `name` on the plain split. */
function editMean(stats: string, name: string, mean: number): string {
  const parsed = JSON.parse(stats) as StatRecord[];
  const stat = parsed.find((entry) => entry.name.name === name && entry.name.perturbation === undefined);
  if (stat === undefined) throw new Error(`no ${name} in stats.json`);
  stat.mean = mean;
  return JSON.stringify(parsed, null, 2);
}

/** medhelm_run.json with `provenance.outputs` of the run's five files, hashed here with node:crypto. */
function withRecordedOutputs(files: Map<string, string>, data?: unknown): void {
  const report = JSON.parse(files.get('medhelm_run.json') ?? '{}') as Record<string, unknown>;
  const outputs = Object.fromEntries(
    RUN_FILES.map((file) => {
      const bytes = Buffer.from(files.get(file) ?? '', 'utf8');
      return [file, { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }];
    }),
  );
  report.provenance = { format: 'medhelm-provenance/1', outputs, ...(data === undefined ? {} : { data }) };
  files.set('medhelm_run.json', JSON.stringify(report, null, 2));
}

describe('verifyRunDirectory on a run the engine wrote', () => {
  it('passes the run as the engine wrote it, its five files checked against the provenance it recorded', async () => {
    const result = await verifyRunDirectory(runDirectory);
    expect(result.differences).toEqual([]);
    expect(result.filesChecked).toBe(5);
    // The test benchmark reads no data file.
    expect(result.notes).toEqual([expect.stringContaining('records no data files')]);
  });

  it('passes the untouched run: every per-instance aggregate equal, the derived stat consistent', async () => {
    const written = JSON.parse(pristine.get('stats.json') ?? '[]') as StatRecord[];
    const result = await verifyRunDirectory(copyOfRun());
    expect(result.differences).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.runName).toBe(JSON.parse(pristine.get('run_spec.json') ?? '{}').name);
    // Derived per sub-split (deriveStats): HELM's perplexity family and the scorer's length_ratio.
    const derived = ['perplexity', 'bits_per_byte', 'logprob_per_byte'];
    expect(result.stats.notRecomputed.map((entry) => [entry.stat.name, entry.stat.sub_split])).toEqual([
      ...derived.map((name) => [name, 'adult']),
      ...derived.map((name) => [name, 'child']),
      ['length_ratio', 'adult'],
      ['length_ratio', 'child'],
    ]);
    expect(result.stats.recomputed).toBe(written.length - 8);
    // The stats with a null value in some instance, and num_instances per sub-split, are among them.
    expect(written.some((stat) => stat.name.name === 'long_completion' && stat.count === 1)).toBe(true);
    expect(written.filter((stat) => stat.name.name === 'num_instances').map((stat) => stat.sum)).toEqual([
      3, 2,
    ]);
    expect(result.notes).toEqual([expect.stringContaining('records no provenance')]);
  });

  it('fails when one mean in stats.json is edited, naming the stat and both values', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) =>
        files.set('stats.json', editMean(files.get('stats.json') ?? '', 'exact_match', 0.9)),
      ),
    );
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual([
      {
        file: 'stats.json',
        stat: { name: 'exact_match', split: 'test', sub_split: 'adult' },
        message:
          'stats.json: exact_match (split test, sub-split adult): mean 0.9 in stats.json, 0.6666666666666666 from per_instance_stats.json',
      },
    ]);
  });

  it('fails when a derived stat is edited: it is not recomputed, but must be a consistent take_mean', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) =>
        files.set('stats.json', editMean(files.get('stats.json') ?? '', 'length_ratio', 2)),
      ),
    );
    expect(result.ok).toBe(false);
    expect(result.differences[0]?.message).toMatch(
      /^stats\.json: length_ratio \(split test, sub-split adult\) \(not recomputable: derived from the merged stats, not a per-instance stat\) is not a consistent Stat: mean 2, [0-9.]+ expected/,
    );
  });

  it('fails when a number in per_instance_stats.json is edited', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) => {
        const perInstance = JSON.parse(files.get('per_instance_stats.json') ?? '[]') as Array<{
          stats: Array<StatRecord & { sum_squared: number; min: number; max: number }>;
        }>;
        const stat = perInstance[0]?.stats.find((entry) => entry.name.name === 'inference_runtime');
        if (stat === undefined) throw new Error('no inference_runtime');
        Object.assign(stat, { sum: 5, sum_squared: 25, min: 5, max: 5, mean: 5 });
        files.set('per_instance_stats.json', JSON.stringify(perInstance, null, 2));
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.differences.map((difference) => difference.message)).toEqual([
      expect.stringMatching(/^stats\.json: inference_runtime \(split test, sub-split adult\): sum /),
      expect.stringMatching(
        /^stats\.json: inference_runtime \(split test, sub-split adult, perturbation robustness \(worst\)\)/,
      ),
      expect.stringMatching(
        /^stats\.json: inference_runtime \(split test, sub-split adult, perturbation fairness \(worst\)\)/,
      ),
    ]);
  });

  it('fails when a stat is missing from stats.json', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) => {
        const stats = JSON.parse(files.get('stats.json') ?? '[]') as StatRecord[];
        const kept = stats.filter(
          (stat) =>
            !(
              stat.name.name === 'quasi_exact_match' &&
              stat.name.sub_split === 'child' &&
              !stat.name.perturbation
            ),
        );
        files.set('stats.json', JSON.stringify(kept, null, 2));
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.differences.map((difference) => difference.message)).toEqual([
      'stats.json: quasi_exact_match (split test, sub-split child): missing; per_instance_stats.json gives mean 0.5',
    ]);
  });

  it('fails when num_instances does not match the request states of scenario_state.json', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) => {
        const stats = JSON.parse(files.get('stats.json') ?? '[]') as Array<
          StatRecord & Record<string, number>
        >;
        const stat = stats.find(
          (entry) => entry.name.name === 'num_instances' && entry.name.sub_split === 'child',
        );
        if (stat === undefined) throw new Error('no num_instances');
        Object.assign(stat, { sum: 3, sum_squared: 9, min: 3, max: 3, mean: 3 });
        files.set('stats.json', JSON.stringify(stats, null, 2));
      }),
    );
    expect(result.differences.map((difference) => difference.message)).toEqual([
      'stats.json: num_instances (split test, sub-split child): sum 3 in stats.json, 2 from scenario_state.json; sum_squared 9 in stats.json, 4 from scenario_state.json; min 3 in stats.json, 2 from scenario_state.json; max 3 in stats.json, 2 from scenario_state.json; mean 3 in stats.json, 2 from scenario_state.json',
    ]);
  });

  it('checks the recorded checksums: the untouched run passes with its five files checked', async () => {
    const result = await verifyRunDirectory(copyOfRun((files) => withRecordedOutputs(files)));
    expect(result.ok).toBe(true);
    expect(result.filesChecked).toBe(5);
    expect(result.notes).toEqual([expect.stringContaining('records no data files')]);
  });

  it('with recorded checksums, an edited stats.json fails both the recomputation and its checksum', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) => {
        withRecordedOutputs(files);
        files.set('stats.json', editMean(files.get('stats.json') ?? '', 'exact_match', 0.9));
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.differences.map((difference) => difference.message)).toEqual([
      expect.stringContaining(
        'stats.json: exact_match (split test, sub-split adult): mean 0.9 in stats.json',
      ),
      expect.stringMatching(
        /^stats\.json: SHA-256 differs from the one recorded when the run was written; \d+ bytes, \d+ recorded/,
      ),
    ]);
  });

  it('an edit the recomputation cannot see (a prompt in scenario_state.json) fails the checksum', async () => {
    const result = await verifyRunDirectory(
      copyOfRun((files) => {
        withRecordedOutputs(files);
        files.set(
          'scenario_state.json',
          (files.get('scenario_state.json') ?? '').replace('say yes', 'say YES'),
        );
      }),
    );
    expect(result.differences.map((difference) => difference.message)).toEqual([
      'scenario_state.json: SHA-256 differs from the one recorded when the run was written',
    ]);
  });

  it('checks the data files it can reach, and notes the ones it cannot', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'medhelm-verify-data-'));
    writeFileSync(join(dataRoot, 'rows.json'), '[1, 2, 3]\n');
    mkdirSync(join(dataRoot, 'images', 'a'), { recursive: true });
    writeFileSync(join(dataRoot, 'images', 'a', 'one.txt'), 'one');
    writeFileSync(join(dataRoot, 'images', 'two.txt'), 'two');
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    // A folder's digest: each file's relative path, NUL, its SHA-256 and a newline, in name order.
    const folderDigest = sha256(`a/one.txt\u0000${sha256('one')}\ntwo.txt\u0000${sha256('two')}\n`);
    const data = {
      source: 'data-dir',
      invented: false,
      root: dataRoot,
      files: [
        { path: 'rows.json', sha256: sha256('[1, 2, 3]\n'), bytes: 10, rows_used: 5 },
        { path: 'images/', sha256: folderDigest, bytes: 6, files: 2, rows_used: null },
        { path: 'elsewhere.csv', sha256: sha256('x'), bytes: 1, rows_used: null },
      ],
    };
    const untouched = await verifyRunDirectory(copyOfRun((files) => withRecordedOutputs(files, data)));
    expect(untouched.ok).toBe(true);
    expect(untouched.dataFilesChecked).toBe(2);
    expect(untouched.notes).toEqual([`data file ${join(dataRoot, 'elsewhere.csv')} not found: not checked`]);

    writeFileSync(join(dataRoot, 'rows.json'), '[1, 2, 4]\n');
    const changed = await verifyRunDirectory(copyOfRun((files) => withRecordedOutputs(files, data)));
    expect(changed.differences.map((difference) => difference.message)).toEqual([
      `data file ${join(dataRoot, 'rows.json')}: SHA-256 differs from the one recorded when the run was written`,
    ]);
  });

  it('says why no checksum was checked in a run without medhelm_run.json', async () => {
    const result = await verifyRunDirectory(copyOfRun((files) => files.delete('medhelm_run.json')));
    expect(result.ok).toBe(true);
    expect(result.filesChecked).toBe(0);
    expect(result.notes).toEqual([expect.stringContaining('no medhelm_run.json')]);
  });

  it('reports a missing run file, and refuses unreadable JSON naming the file', async () => {
    const missing = await verifyRunDirectory(copyOfRun((files) => files.delete('per_instance_stats.json')));
    expect(missing.differences.map((difference) => difference.message)).toEqual([
      'per_instance_stats.json is missing (a HELM run directory has five files)',
    ]);
    const damaged = copyOfRun((files) => files.set('stats.json', '[{"name": '));
    const refusal = verifyRunDirectory(damaged);
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(`Cannot read ${join(damaged, 'stats.json')}`);
  });
});
