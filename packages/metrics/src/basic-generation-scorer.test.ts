import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyNormalizers,
  ConfigError,
  emptyStat,
  type GenerationResult,
  type IdentifiedInstance,
  mergeStats,
  reference,
  type ScoreInputV1,
  type ScoreValuesV1,
  ScoringError,
  type Stat,
  statOf,
  takeMean,
} from '@medhelm/core';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  derivePerplexityStats,
  HELM_EMPTY_STAT_NAMES,
  helmBasicGenerationScorer,
} from './basic-generation-scorer.ts';
import { EXACT_MATCH_METRIC_NAMES } from './helm-exact-match-metric-specs.ts';
import { multipleChoiceOutputMappingNormalizer } from './multiple-choice-output-mapping.ts';

/** What the engine does with a scorer's values: one HELM Stat per name, in order; null is count 0. */
function toStats(values: ScoreValuesV1, split: string): Stat[] {
  return Object.entries(values).map(([name, value]) =>
    value === null ? emptyStat({ name, split }) : statOf({ name, split }, value),
  );
}

function generationInput(overrides: {
  completions: GenerationResult['completions'];
  references?: IdentifiedInstance['references'];
  prediction?: string | null;
  numCompletions?: number;
  topKPerToken?: number;
}): ScoreInputV1 {
  const first = overrides.completions[0]?.text ?? '';
  return {
    instance: {
      id: 'id3',
      input: { text: 'q' },
      references: overrides.references ?? [reference('Paris', true), reference('Lyon', false)],
      split: 'test',
    },
    request: {
      prompt: 'q',
      temperature: 0,
      maxTokens: 10,
      stopSequences: [],
      numCompletions: overrides.numCompletions ?? 1,
      topKPerToken: overrides.topKPerToken ?? 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    },
    result: {
      completions: overrides.completions,
      usage: { promptTokens: 12, completionTokens: 3 },
      requestTimeSeconds: 2,
    },
    completion: first,
    prediction: overrides.prediction === undefined ? first : overrides.prediction,
    numTrainInstances: 2,
    promptTruncated: true,
  };
}

describe('helmBasicGenerationScorer', () => {
  it("stands for HELM's get_basic_metric_specs(names): BasicGenerationMetric and its two siblings", () => {
    const scorer = helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES });
    expect(scorer.id).toBe('helm_basic_generation');
    // Keys in HELM's order, as run_spec.json writes them.
    expect(JSON.stringify(scorer.helmMetricSpecs)).toBe(
      JSON.stringify([
        {
          class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
          args: { names: [...EXACT_MATCH_METRIC_NAMES] },
        },
        { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
        { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      ]),
    );
    expect(scorer.statNames).toContain('training_co2_cost');
    expect(helmBasicGenerationScorer({ names: ['f1_score'], numOutputs: 5 }).statNames).toContain(
      'f1_score@5',
    );
  });

  it('refuses a reference metric it does not know, as HELM raises NameError', () => {
    expect(() => helmBasicGenerationScorer({ names: ['wer_score'] })).toThrow(ConfigError);
    const werScore = () => 0.5;
    expect(
      helmBasicGenerationScorer({ names: ['wer_score'], referenceMetrics: { wer_score: werScore } }).id,
    ).toBe('helm_basic_generation');
  });

  it('writes no @k stats for a generation request with one output', () => {
    const scorer = helmBasicGenerationScorer({ names: ['exact_match', 'f1_score'] });
    const values = scorer.score(
      generationInput({ completions: [{ text: ' Paris\n', finishReason: 'length', logprob: -0.5 }] }),
    ) as ScoreValuesV1;
    expect(Object.keys(values)).toEqual([
      'num_references',
      'num_train_trials',
      'num_prompt_tokens',
      'num_completion_tokens',
      'num_output_tokens',
      ...HELM_EMPTY_STAT_NAMES,
      'inference_runtime',
      'batch_size',
      'finish_reason_length',
      'finish_reason_stop',
      'finish_reason_endoftext',
      'finish_reason_unknown',
      'num_train_instances',
      'prompt_truncated',
      'max_prob',
      'exact_match',
      'f1_score',
      'logprob',
      'num_perplexity_tokens',
      'num_bytes',
    ]);
    expect(values).toMatchObject({
      num_references: 2,
      num_prompt_tokens: 12,
      num_completion_tokens: 3,
      num_output_tokens: 3,
      training_co2_cost: null,
      inference_runtime: 2,
      finish_reason_length: 1,
      finish_reason_unknown: 0,
      num_train_instances: 2,
      prompt_truncated: 1,
      max_prob: Math.exp(-0.5),
      exact_match: 1,
      f1_score: 1,
      logprob: -0.5,
      num_bytes: 7,
    });
  });

  it('maps unknown finish reasons to finish_reason_unknown', () => {
    const scorer = helmBasicGenerationScorer({ names: [] });
    const values = scorer.score(
      generationInput({ completions: [{ text: 'x', finishReason: 'content_filter' }] }),
    ) as ScoreValuesV1;
    expect(values.finish_reason_unknown).toBe(1);
    expect(values.finish_reason_stop).toBe(0);
  });

  it('skips max_prob and reference metrics for an instance without references', () => {
    const scorer = helmBasicGenerationScorer({ names: ['exact_match'] });
    const values = scorer.score(
      generationInput({ completions: [{ text: 'x', finishReason: 'stop' }], references: [] }),
    ) as ScoreValuesV1;
    expect(values).not.toHaveProperty('max_prob');
    expect(values).not.toHaveProperty('exact_match');
    expect(values.num_references).toBe(0);
  });

  it('throws where HELM raises: references without a correct one, f1_score on an unmapped answer', () => {
    const scorer = helmBasicGenerationScorer({ names: ['exact_match', 'f1_score'] });
    const noGold = generationInput({
      completions: [{ text: 'x', finishReason: 'stop' }],
      references: [reference('x', false)],
    });
    expect(() => scorer.score(noGold)).toThrow(ScoringError);
    const unmapped = generationInput({
      completions: [{ text: 'Z', finishReason: 'stop' }],
      prediction: null,
    });
    expect(() => scorer.score(unmapped)).toThrow(ScoringError);
    const exactOnly = helmBasicGenerationScorer({ names: ['exact_match'] });
    expect(exactOnly.score(unmapped)).toMatchObject({ exact_match: 0 });
  });

  it('ranks several completions by log-probability and adds @k (generation, num_outputs 3)', () => {
    const scorer = helmBasicGenerationScorer({ names: ['exact_match'] });
    const values = scorer.score(
      generationInput({
        completions: [
          { text: 'Lyon', finishReason: 'stop', logprob: -2 },
          { text: 'Paris ', finishReason: 'stop', logprob: -1 },
          { text: 'Nice', finishReason: 'stop', logprob: -3 },
        ],
        numCompletions: 3,
      }),
    ) as ScoreValuesV1;
    // The most likely completion ("Paris") is the one the plain stat uses.
    expect(values).toMatchObject({ max_prob: Math.exp(-1), exact_match: 1, 'exact_match@3': 1, logprob: -2 });
  });

  it('adds @k from top_k_per_token for multiple_choice_joint (one completion, num_outputs 5)', () => {
    const scorer = helmBasicGenerationScorer({ names: ['exact_match'] });
    const values = scorer.score(
      generationInput({ completions: [{ text: 'Paris', finishReason: 'stop' }], topKPerToken: 5 }),
    ) as ScoreValuesV1;
    expect(values).toMatchObject({ exact_match: 1, 'exact_match@5': 1 });
    const forced = helmBasicGenerationScorer({ names: ['exact_match'], numOutputs: 1 });
    expect(
      forced.score(generationInput({ completions: [{ text: 'P', finishReason: 'stop' }], topKPerToken: 5 })),
    ).not.toHaveProperty('exact_match@5');
  });
});

describe('derivePerplexityStats', () => {
  const name = (statName: string) => ({ name: statName, split: 'test' });
  it("derives perplexity, bits/byte and logprob/byte from sums, as HELM's derive_stats", () => {
    const merged = new Map<string, Stat>([
      ['logprob', mergeStats(statOf(name('logprob'), -1), statOf(name('logprob'), -3))],
      ['num_perplexity_tokens', statOf(name('num_perplexity_tokens'), 8)],
      ['num_bytes', statOf(name('num_bytes'), 20)],
    ]);
    expect(derivePerplexityStats(merged)).toEqual({
      perplexity: Math.E ** (4 / 8),
      bits_per_byte: 4 / 20 / Math.LN2,
      logprob_per_byte: -4 / 20,
    });
  });

  it('derives nothing without logprob, and skips ratios over empty sums', () => {
    expect(derivePerplexityStats(new Map())).toEqual({});
    const merged = new Map<string, Stat>([
      ['logprob', statOf(name('logprob'), 0)],
      ['num_perplexity_tokens', statOf(name('num_perplexity_tokens'), 0)],
    ]);
    expect(derivePerplexityStats(merged)).toEqual({});
  });
});

// ---------------------------------------------------------------------------------------------
// The real HELM run in reference/helm-sample-run (bundled): same stat names, order and values.

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);

interface HelmRequestState {
  instance: {
    id: string;
    input: { text: string };
    references: { output: { text: string }; tags: string[] }[];
    split: string;
  };
  output_mapping?: Record<string, string>;
  request: {
    prompt: string;
    temperature: number;
    num_completions: number;
    top_k_per_token: number;
    max_tokens: number;
    stop_sequences: string[];
    top_p: number;
    presence_penalty: number;
    frequency_penalty: number;
  };
  result: {
    completions: { text: string; logprob: number; tokens: unknown[]; finish_reason?: { reason: string } }[];
    request_time: number;
  };
  num_train_instances: number;
  prompt_truncated: boolean;
}

interface HelmPerInstanceStats {
  instance_id: string;
  stats: Stat[];
}

function sampleRun() {
  const base = join(fidelityDirectory as string, 'reference', 'helm-sample-run');
  const [runName] = readdirSync(base);
  const runDirectory = join(base, runName as string);
  const read = (file: string) => JSON.parse(readFileSync(join(runDirectory, file), 'utf8'));
  return {
    scenarioState: read('scenario_state.json') as { request_states: HelmRequestState[] },
    perInstanceStats: read('per_instance_stats.json') as HelmPerInstanceStats[],
    stats: read('stats.json') as Stat[],
  };
}

/** The ScoreInputV1 our engine would build for a HELM request state. */
function inputFromRequestState(state: HelmRequestState, promptTokens: number): ScoreInputV1 {
  const instance: IdentifiedInstance = {
    id: state.instance.id,
    input: state.instance.input,
    references: state.instance.references,
    split: state.instance.split,
  };
  const completions = state.result.completions.map((completion) => ({
    text: completion.text,
    finishReason: completion.finish_reason?.reason ?? 'unknown',
    logprob: completion.logprob,
  }));
  const completion = completions[0]?.text ?? '';
  const normalizers = [multipleChoiceOutputMappingNormalizer()];
  return {
    instance,
    request: {
      prompt: state.request.prompt,
      temperature: state.request.temperature,
      maxTokens: state.request.max_tokens,
      stopSequences: state.request.stop_sequences,
      numCompletions: state.request.num_completions,
      topKPerToken: state.request.top_k_per_token,
      topP: state.request.top_p,
      presencePenalty: state.request.presence_penalty,
      frequencyPenalty: state.request.frequency_penalty,
    },
    result: {
      completions,
      // HELM counts the prompt with its tokenizer and the completion's tokens; we take the
      // provider's usage, here set to what HELM counted.
      usage: {
        promptTokens,
        completionTokens: state.result.completions.reduce((sum, each) => sum + each.tokens.length, 0),
      },
      requestTimeSeconds: state.result.request_time,
    },
    completion,
    prediction: applyNormalizers(normalizers, completion, {
      instance,
      ...(state.output_mapping ? { outputMapping: state.output_mapping } : {}),
    }),
    numTrainInstances: state.num_train_instances,
    promptTruncated: state.prompt_truncated,
  };
}

describe.skipIf(fidelityDirectory === undefined)(
  'helmBasicGenerationScorer against the HELM sample run',
  () => {
    it('reproduces per_instance_stats.json (names, order, values) for every instance', () => {
      const { scenarioState, perInstanceStats } = sampleRun();
      const scorer = helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES });
      expect(scenarioState.request_states).toHaveLength(perInstanceStats.length);
      for (const state of scenarioState.request_states) {
        const expected = perInstanceStats.find((entry) => entry.instance_id === state.instance.id);
        const promptTokens =
          expected?.stats.find((stat) => stat.name.name === 'num_prompt_tokens')?.sum ?? -1;
        const values = scorer.score(inputFromRequestState(state, promptTokens)) as ScoreValuesV1;
        expect(toStats(values, state.instance.split), state.instance.id).toEqual(expected?.stats);
      }
    });

    it('reproduces the split-level stats.json entries, derived perplexity stats included', () => {
      const { scenarioState, perInstanceStats, stats } = sampleRun();
      const scorer = helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES });
      const merged = new Map<string, Stat>();
      for (const state of scenarioState.request_states) {
        const expected = perInstanceStats.find((entry) => entry.instance_id === state.instance.id);
        const promptTokens =
          expected?.stats.find((stat) => stat.name.name === 'num_prompt_tokens')?.sum ?? -1;
        const values = scorer.score(inputFromRequestState(state, promptTokens)) as ScoreValuesV1;
        for (const stat of toStats(values, state.instance.split)) {
          const previous = merged.get(stat.name.name);
          merged.set(stat.name.name, previous === undefined ? stat : mergeStats(previous, stat));
        }
      }
      const derived = scorer.deriveStats?.(merged, { split: 'test', instanceCount: 3 }) ?? {};
      expect(Object.keys(derived)).toEqual(['perplexity', 'bits_per_byte', 'logprob_per_byte']);
      const ours = [
        ...[...merged.values()].map((stat) => takeMean(stat)),
        ...toStats(derived, 'test').map((stat) => takeMean(stat)),
      ];
      for (const stat of ours) {
        const helm = stats.find(
          (entry) =>
            entry.name.name === stat.name.name && entry.name.split === 'test' && !entry.name.perturbation,
        );
        expect(stat, stat.name.name).toEqual(helm);
      }
    });
  },
);
