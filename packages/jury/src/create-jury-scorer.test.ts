import {
  emptyStat,
  mergeStats,
  REQUEST_DEFAULTS,
  type ScoreInputV1,
  type ScoreValuesV1,
  ScoringError,
  type Stat,
  statOf,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { MEDHELM_ANNOTATION_KEY } from './create-jury-annotator.ts';
import { createJuryScorer, juryStatNames } from './create-jury-scorer.ts';
import { helmJuryAnnotatorSpec, helmJuryMetricSpec } from './helm-jury-specs.ts';
import type { JuryRubric } from './jury-rubric.ts';
import {
  addKrippendorffUnit,
  emptyKrippendorffSums,
  krippendorffAlphaInterval,
} from './krippendorff-alpha.ts';
import { juryContractOptions, simulatedJuryAnnotation } from './simulated-jury-annotation.ts';

// ACI-Bench's jury as HELM defines it (aci_bench_annotator.py, get_aci_bench_run_spec); the
// template is not needed for scoring.
const aciBench: JuryRubric = {
  name: 'aci_bench',
  promptTemplate: '{QUESTION} {RESPONSE} {GOLD_RESPONSE}',
  criteria: {
    accuracy: ['score', 'explanation'],
    completeness: ['score', 'explanation'],
    clarity: ['score', 'explanation'],
  },
  helmAnnotatorClassName: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
  metricName: 'aci_bench_accuracy',
  defaultScore: 1,
};

function scoreInput(annotations?: Record<string, unknown>, id = 'id1'): ScoreInputV1 {
  return {
    instance: { id, input: { text: 'dialogue' }, references: [], split: 'test' },
    request: {
      prompt: 'p',
      temperature: 0,
      maxTokens: 768,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      ...REQUEST_DEFAULTS,
    },
    result: {
      completions: [{ text: 'note', finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion: 'note',
    prediction: 'note',
    numTrainInstances: 0,
    promptTruncated: false,
    ...(annotations === undefined ? {} : { annotations }),
  };
}

const verdict = (accuracy: unknown, completeness: unknown, clarity: unknown) => ({
  accuracy: { score: accuracy, explanation: 'a' },
  completeness: { score: completeness, explanation: 'b' },
  clarity: { score: clarity, explanation: 'c' },
});

const record = (valid: boolean) => ({ valid });

describe('createJuryScorer', () => {
  const scorer = createJuryScorer(aciBench);

  it('writes HELM’s LLMJuryMetric and annotator specs exactly as get_aci_bench_run_spec does', () => {
    const annotatorModels = {
      gpt: {
        model_name: 'openai/gpt-4o-2024-05-13',
        model_deployment: 'stanfordhealthcare/gpt-4o-2024-05-13',
      },
      llama: {
        model_name: 'meta/llama-3.3-70b-instruct',
        model_deployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
      },
      claude: {
        model_name: 'anthropic/claude-3-7-sonnet-20250219',
        model_deployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
      },
    };
    const metricSpec = {
      class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
      args: {
        metric_name: 'aci_bench_accuracy',
        scenario_name: 'aci_bench',
        annotator_models: annotatorModels,
        default_score: 1.0,
      },
    };
    expect(scorer.helmMetricSpecs).toEqual([metricSpec]);
    expect(helmJuryMetricSpec(aciBench)).toEqual(metricSpec);
    // Key order as HELM writes the dicts.
    expect(JSON.stringify(scorer.helmMetricSpecs)).toBe(JSON.stringify([metricSpec]));
    expect(helmJuryAnnotatorSpec(aciBench)).toEqual({
      class_name: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
      args: { annotator_models: annotatorModels },
    });
  });

  it('declares HELM’s stat first, then ours', () => {
    expect(scorer.id).toBe('aci_bench_accuracy');
    expect(scorer.statNames).toEqual([
      'aci_bench_accuracy',
      'aci_bench_accuracy_judge_gpt',
      'aci_bench_accuracy_judge_llama',
      'aci_bench_accuracy_judge_claude',
      'aci_bench_accuracy_invalid_replies',
      'aci_bench_accuracy_normalized',
      'aci_bench_accuracy_valid_only',
      'aci_bench_accuracy_no_valid_judge',
      'aci_bench_accuracy_agreement_pairable_values',
      'aci_bench_accuracy_agreement_value_sum',
      'aci_bench_accuracy_agreement_value_sum_squares',
      'aci_bench_accuracy_agreement_within_disagreement',
      'aci_bench_accuracy_krippendorff_alpha',
    ]);
    expect(juryStatNames(aciBench, ['a']).perJudge).toEqual({ a: 'aci_bench_accuracy_judge_a' });
  });

  it('scores an instance two judges graded and one failed', async () => {
    const annotation = {
      prompt_text: 'judge prompt',
      gpt: verdict(4, 3, 5),
      llama: verdict(2, 2, 2),
      [MEDHELM_ANNOTATION_KEY]: {
        emptyCompletion: false,
        judges: { gpt: record(true), llama: record(true), claude: record(false) },
      },
    };
    expect(await scorer.score(scoreInput({ aci_bench: annotation }))).toEqual({
      // HELM: (4 + 3 + 5 + 2 + 2 + 2) / 6.
      aci_bench_accuracy: 3,
      aci_bench_accuracy_judge_gpt: 4,
      aci_bench_accuracy_judge_llama: 2,
      aci_bench_accuracy_judge_claude: null,
      aci_bench_accuracy_invalid_replies: 1,
      aci_bench_accuracy_normalized: 0.5,
      aci_bench_accuracy_valid_only: 3,
      aci_bench_accuracy_no_valid_judge: 0,
      // Units accuracy (4, 2), completeness (3, 2), clarity (5, 2): 6 values, Σ 18, Σ² 62,
      // within-unit ordered pairs 2·(2² + 1² + 3²) / (2 − 1) = 28.
      aci_bench_accuracy_agreement_pairable_values: 6,
      aci_bench_accuracy_agreement_value_sum: 18,
      aci_bench_accuracy_agreement_value_sum_squares: 62,
      aci_bench_accuracy_agreement_within_disagreement: 28,
    });
  });

  it('gives an empty completion HELM’s default score and counts no reply as invalid', async () => {
    const annotation = {
      prompt_text: null,
      empty_output_equivalence_judgement: false,
      [MEDHELM_ANNOTATION_KEY]: { emptyCompletion: true, judges: {} },
    };
    expect(await scorer.score(scoreInput({ aci_bench: annotation }))).toEqual({
      aci_bench_accuracy: 1,
      aci_bench_accuracy_judge_gpt: null,
      aci_bench_accuracy_judge_llama: null,
      aci_bench_accuracy_judge_claude: null,
      aci_bench_accuracy_invalid_replies: 0,
      aci_bench_accuracy_normalized: 0,
      aci_bench_accuracy_valid_only: null,
      aci_bench_accuracy_no_valid_judge: 1,
      aci_bench_accuracy_agreement_pairable_values: 0,
      aci_bench_accuracy_agreement_value_sum: 0,
      aci_bench_accuracy_agreement_value_sum_squares: 0,
      aci_bench_accuracy_agreement_within_disagreement: 0,
    });
  });

  it('gives an instance the jury skipped no stats at all', async () => {
    expect(await scorer.score(scoreInput())).toEqual({});
    expect(await scorer.score(scoreInput({ ehr_sql: {} }))).toEqual({});
  });

  it('counts the missing judges of an annotation imported from HELM (no _medhelm) as invalid', async () => {
    const values = await scorer.score(scoreInput({ aci_bench: { prompt_text: 'p', gpt: verdict(5, 5, 4) } }));
    expect(values.aci_bench_accuracy).toBeCloseTo(14 / 3, 15);
    expect(values.aci_bench_accuracy_invalid_replies).toBe(2);
  });

  it('truncates scores with int() as HELM does and raises ScoringError where HELM raises', async () => {
    const truncated = await scorer.score(
      scoreInput({ aci_bench: { prompt_text: 'p', gpt: verdict(4.9, '3', true) } }),
    );
    // int(4.9) = 4, int("3") = 3, int(True) = 1.
    expect(truncated.aci_bench_accuracy).toBeCloseTo(8 / 3, 15);
    expect(truncated.aci_bench_accuracy_judge_gpt).toBeCloseTo(8 / 3, 15);
    // HELM's validation accepts "score explanation" (substrings), then int(val["score"]) raises.
    const odd = { prompt_text: 'p', gpt: { accuracy: 'score explanation', completeness: {}, clarity: {} } };
    expect(() => scorer.score(scoreInput({ aci_bench: odd }))).toThrow(ScoringError);
    expect(() =>
      scorer.score(scoreInput({ aci_bench: { prompt_text: 'p', gpt: verdict('4.5', 1, 1) } })),
    ).toThrow(ScoringError);
    expect(() => scorer.score(scoreInput({ aci_bench: 'not a dict' }))).toThrow(/AttributeError/);
  });

  it('scores the contract suite’s simulated verdicts at the top and bottom of the scale', async () => {
    const options = juryContractOptions(aciBench);
    expect(options.mainMetricMaximum).toBe(5);
    const best = await scorer.score(scoreInput({ aci_bench: options.juryAnnotations('best') }));
    const worst = await scorer.score(scoreInput({ aci_bench: options.juryAnnotations('worst') }));
    expect(best).toMatchObject({ aci_bench_accuracy: 5, aci_bench_accuracy_normalized: 1 });
    expect(worst).toMatchObject({ aci_bench_accuracy: 1, aci_bench_accuracy_invalid_replies: 0 });
    expect(Object.keys(simulatedJuryAnnotation(aciBench, 3, ['a']))).toEqual([
      'prompt_text',
      'a',
      MEDHELM_ANNOTATION_KEY,
    ]);
  });
});

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12
// units, values 1–5 with missing data (null). The paper gives α_interval = 0.849 (n = 40 pairable
// values; unit 12 has a single value and is not pairable).
const KRIPPENDORFF_2011: readonly (readonly (number | null)[])[] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const OBSERVERS = ['a', 'b', 'c', 'd'];

function unitValues(unit: number): number[] {
  return KRIPPENDORFF_2011.map((row) => row[unit]).filter((value): value is number => value !== null);
}

/** Merges per-instance values as the engine's aggregator does (null declares an empty stat). */
function merge(perInstance: readonly ScoreValuesV1[]): Map<string, Stat> {
  const merged = new Map<string, Stat>();
  for (const values of perInstance) {
    for (const [name, value] of Object.entries(values)) {
      const stat =
        value === null ? emptyStat({ name, split: 'test' }) : statOf({ name, split: 'test' }, value);
      const existing = merged.get(name);
      merged.set(name, existing === undefined ? stat : mergeStats(existing, stat));
    }
  }
  return merged;
}

describe('Krippendorff’s alpha (interval) between judges', () => {
  it('reproduces the textbook example from additive sums', () => {
    const sums = emptyKrippendorffSums();
    for (let unit = 0; unit < 12; unit++) addKrippendorffUnit(sums, unitValues(unit));
    expect(sums.pairable).toBe(40);
    expect(krippendorffAlphaInterval(sums)).toBeCloseTo(0.849, 3);
  });

  it('derives it per benchmark from the per-instance stats the engine merges', async () => {
    // One criterion; each unit is an instance, each observer a judge.
    const rubric: JuryRubric = { ...aciBench, criteria: { accuracy: ['score', 'explanation'] } };
    const scorer = createJuryScorer(rubric, { judgeNames: OBSERVERS });
    const perInstance: ScoreValuesV1[] = [];
    for (let unit = 0; unit < 12; unit++) {
      const annotation: Record<string, unknown> = { prompt_text: 'p' };
      OBSERVERS.forEach((observer, index) => {
        const value = KRIPPENDORFF_2011[index]?.[unit];
        if (value !== null && value !== undefined)
          annotation[observer] = { accuracy: { score: value, explanation: '' } };
      });
      perInstance.push(await scorer.score(scoreInput({ aci_bench: annotation }, `id${unit}`)));
    }
    const derived = scorer.deriveStats?.(merge(perInstance), { split: 'test', instanceCount: 12 });
    expect(derived?.aci_bench_accuracy_krippendorff_alpha).toBeCloseTo(0.849, 3);
  });

  it('is 1 for perfect agreement, undefined (null) without variation or pairs, absent without sums', () => {
    const agree = emptyKrippendorffSums();
    addKrippendorffUnit(agree, [1, 1, 1]);
    addKrippendorffUnit(agree, [5, 5]);
    expect(krippendorffAlphaInterval(agree)).toBe(1);
    const constant = emptyKrippendorffSums();
    addKrippendorffUnit(constant, [3, 3]);
    expect(krippendorffAlphaInterval(constant)).toBeNull();
    expect(krippendorffAlphaInterval(addKrippendorffUnit(emptyKrippendorffSums(), [4]))).toBeNull();
    const scorer = createJuryScorer(aciBench);
    expect(scorer.deriveStats?.(new Map(), { split: 'test', instanceCount: 0 })).toEqual({});
  });
});
