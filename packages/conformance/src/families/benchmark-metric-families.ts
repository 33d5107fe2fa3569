import { reference, type ScoreInputV1, ScoringError } from '@medhelm/core';
import { llmJuryScorer, medecMetrics, mimicivBillingCodeMetrics } from '@medhelm/metrics';
import { type ConformanceCase, type ConformanceFamily, RAISES_KEY } from '../conformance-family.ts';

// The benchmark-specific metric classes of MedHELM: MEDEC, MIMIC-IV billing codes and the LLM
// jury's aggregation. Each `evaluate` runs our @medhelm/metrics function on the vector's input and
// returns exactly the stat names HELM produced; where ours throws a ScoringError (HELM raises), it
// returns `{ __raises__: <our message> }`.

/** Runs one of our metric functions, turning a ScoringError into the conformance refusal. */
function refusingWhereHelmRaises(compute: () => Record<string, unknown>): Record<string, unknown> {
  try {
    return compute();
  } catch (error) {
    if (ScoringError.isInstance(error)) return { [RAISES_KEY]: error.message };
    throw error;
  }
}

/** The vector's references as plain strings (the correct ones, in order). */
function referenceTexts(vector: ConformanceCase): string[] {
  return vector.references.map((reference) => String(reference));
}

/**
 * `medec.jsonl`: HELM's `MedecMetric`. The vector's `references` are the correct references in
 * order (HELM takes the first); `extra.incorrect_references` are the others. No correct reference
 * means no stats (`expected` is `{}`).
 */
export const medecFamily: ConformanceFamily = {
  name: 'medec',
  evaluate: (vector) =>
    refusingWhereHelmRaises(() =>
      medecMetrics(
        vector.prediction ?? '',
        referenceTexts(vector)[0],
        (vector.extra.incorrect_references as string[] | undefined) ?? [],
      ),
    ),
};

/** The stats of `mimiciv_billing_code.jsonl`, all floats (sklearn's float64 averages). */
const MIMICIV_FLOAT_KEYS = [
  'mimiciv_billing_code_precision',
  'mimiciv_billing_code_recall',
  'mimiciv_billing_code_f1',
] as const;

/**
 * `mimiciv_billing_code.jsonl`: HELM's `MIMICIVBillingCodeMetric` (the codes of every reference
 * against the completion's). Where no side has a code, scikit-learn raises and so do we.
 */
export const mimicivBillingCodeFamily: ConformanceFamily = {
  name: 'mimiciv_billing_code',
  floatKeys: MIMICIV_FLOAT_KEYS,
  evaluate: (vector) =>
    refusingWhereHelmRaises(() => mimicivBillingCodeMetrics(vector.prediction ?? '', referenceTexts(vector))),
};

/**
 * `llm_jury.jsonl`: `LLMJuryMetric.evaluate_generation` through our `llmJuryScorer`, with the
 * vector's `extra.annotations` as the instance's annotations (HELM's `request_state.annotations`),
 * `extra.scenario_name`, `extra.annotator_models` and `extra.default_score` (null: HELM's default).
 * The vector's `metric` is HELM's `metric_name` argument (`jury_score` here; MedHELM's own run
 * specs use `<scenario>_accuracy`).
 */
export const llmJuryFamily: ConformanceFamily = {
  name: 'llm_jury',
  floatKeys: ['jury_score'],
  evaluate: (vector) => {
    const extra = vector.extra as {
      scenario_name: string;
      annotator_models: string[];
      default_score?: number | null;
      annotations?: Record<string, unknown>;
    };
    const scorer = llmJuryScorer({
      scenarioName: extra.scenario_name,
      annotatorModels: extra.annotator_models,
      defaultScore: extra.default_score ?? null,
      metricName: vector.metric,
    });
    return refusingWhereHelmRaises(() => {
      const values = scorer.score(juryScoreInput(vector, extra.annotations));
      if (values instanceof Promise) throw new Error('llmJuryScorer is synchronous');
      return values;
    });
  },
};

/** A ScoreInputV1 carrying the vector's completion and annotations (all the jury scorer reads). */
function juryScoreInput(
  vector: ConformanceCase,
  annotations: Record<string, unknown> | undefined,
): ScoreInputV1 {
  const completion = vector.prediction ?? '';
  return {
    instance: {
      id: 'conformance',
      input: { text: '' },
      references: vector.references.map((text) => reference(String(text), true)),
      split: 'test',
    },
    request: {
      prompt: '',
      temperature: 0,
      maxTokens: 1,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    },
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 0, completionTokens: 0 },
      requestTimeSeconds: 0,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/** The three families above, for the list of every family this release checks. */
export const benchmarkMetricFamilies: readonly ConformanceFamily[] = [
  medecFamily,
  mimicivBillingCodeFamily,
  llmJuryFamily,
];
