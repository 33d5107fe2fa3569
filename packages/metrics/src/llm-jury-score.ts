import { defineScorer, MedHelmError, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { pythonInt, pythonTrueDivide } from '@medhelm/python-text';

/** A judge of an LLM jury as HELM describes it (`AnnotatorModelInfo`). */
export interface LlmJuryAnnotatorModelInfo {
  modelName: string;
  modelDeployment: string;
}

/**
 * The judges whose verdicts count, keyed by the name their verdicts are filed under (HELM's
 * `annotator_models` dict; only its keys matter for the score). A plain list of names works too.
 */
export type LlmJuryAnnotatorModels = readonly string[] | Readonly<Record<string, LlmJuryAnnotatorModelInfo>>;

/** HELM's `LLMJuryMetric` default for `default_score`. */
const HELM_DEFAULT_SCORE = 0;

/**
 * HELM's `LLMJuryMetric.evaluate_generation` (llm_jury_metrics.py) for one instance: the mean of
 * Python's `int(score)` over every criterion of every judge whose key is one of `annotatorModels`
 * and whose verdict is not null, or `defaultScore` when there is no such score.
 *
 * `int()` is Python's: a float is truncated toward zero (`-1.5` → −1), `true` is 1, a string may
 * carry whitespace (`" 3 "`), but `"4.5"` and `"x"` are refused. Keys compare exactly
 * (`"JUDGE/A"` is not `"judge/a"`). The mean is Python's int/int division (correctly rounded).
 *
 * @param annotations the annotations HELM files under the scenario's name
 *   (`request_state.annotations[scenario_name]`): judge key → `null` or criterion → `{ score, ... }`.
 * @param annotatorModels the judges whose verdicts count (HELM's `annotator_models`).
 * @param defaultScore the score when no verdict counts; `null`/omitted is HELM's default, 0.0.
 * @throws ScoringError where HELM raises: a counted verdict that is not a dict, a criterion that is
 *   not a dict or has no `score`, or a score `int()` refuses (`"4.5"`, `"x"`, `null`, a list,
 *   NaN, infinity).
 */
export function llmJuryScore(
  annotations: Readonly<Record<string, unknown>>,
  annotatorModels: LlmJuryAnnotatorModels,
  defaultScore: number | null = null,
): number {
  const judges = new Set(judgeKeys(annotatorModels));
  const scores: bigint[] = [];
  for (const [judge, verdict] of Object.entries(annotations)) {
    if (!judges.has(judge) || verdict === null) continue;
    if (!isDict(verdict)) {
      throw helmRaises('AttributeError', `the verdict of ${judge} is ${describe(verdict)}, not a dict`);
    }
    for (const [criterion, value] of Object.entries(verdict)) {
      if (!isDict(value)) {
        throw helmRaises('TypeError', `${judge}'s ${criterion} is ${describe(value)}, not a dict`);
      }
      if (!Object.hasOwn(value, 'score')) {
        throw helmRaises('KeyError', `${judge}'s ${criterion} has no 'score'`);
      }
      scores.push(convert(() => pythonInt(value.score)));
    }
  }
  if (scores.length === 0) return defaultScore ?? HELM_DEFAULT_SCORE;
  const sum = scores.reduce((total, score) => total + score, 0n);
  return convert(() => pythonTrueDivide(sum, BigInt(scores.length)));
}

/** Options of {@link llmJuryScorer}, HELM's `LLMJuryMetric` arguments. */
export interface LlmJuryScorerOptions {
  /** The annotator name the verdicts are filed under in `input.annotations` (HELM's `scenario_name`). */
  scenarioName: string;
  /** The judges whose verdicts count; the record form is written to run_spec.json as HELM does. */
  annotatorModels: LlmJuryAnnotatorModels;
  /** The score when no verdict counts; `null`/omitted is HELM's default, 0.0. MedHELM's run specs use 1.0. */
  defaultScore?: number | null;
  /**
   * The stat name. Default `<scenarioName>_accuracy`, as MedHELM's run specs name it;
   * HELM's configurable benchmarks use `jury_score`.
   */
  metricName?: string;
}

/**
 * The LLM-jury scorer: {@link llmJuryScore} of `input.annotations[scenarioName]`, as one stat
 * named `metricName`. Throws ScoringError where HELM raises: no annotations at all (HELM asserts
 * there are some), none filed under `scenarioName`, or anything {@link llmJuryScore} refuses.
 */
export function llmJuryScorer(options: LlmJuryScorerOptions): ScorerV1 {
  const { scenarioName, annotatorModels } = options;
  const metricName = options.metricName ?? `${scenarioName}_accuracy`;
  const defaultScore = options.defaultScore ?? null;
  return defineScorer({
    id: metricName,
    statNames: [metricName],
    helmMetricSpecs: [
      {
        class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
        args: {
          metric_name: metricName,
          scenario_name: scenarioName,
          annotator_models: helmAnnotatorModels(annotatorModels),
          ...(defaultScore === null ? {} : { default_score: defaultScore }),
        },
      },
    ],
    score(input): ScoreValuesV1 {
      const annotations = input.annotations;
      if (annotations === undefined || Object.keys(annotations).length === 0) {
        throw new ScoringError(
          `Instance ${input.instance.id} has no annotations; HELM's LLMJuryMetric asserts it has`,
        );
      }
      if (!Object.hasOwn(annotations, scenarioName)) {
        throw helmRaises(
          'KeyError',
          `instance ${input.instance.id} has no annotations from '${scenarioName}'`,
        );
      }
      const scenarioAnnotations = annotations[scenarioName];
      if (!isDict(scenarioAnnotations)) {
        throw helmRaises(
          'AttributeError',
          `the '${scenarioName}' annotations of instance ${input.instance.id} are ${describe(scenarioAnnotations)}, not a dict`,
        );
      }
      return { [metricName]: llmJuryScore(scenarioAnnotations, annotatorModels, defaultScore) };
    },
  });
}

function judgeKeys(annotatorModels: LlmJuryAnnotatorModels): readonly string[] {
  return isStringList(annotatorModels) ? annotatorModels : Object.keys(annotatorModels);
}

/** `annotator_models` as HELM writes it to run_spec.json: name → `{model_name, model_deployment}`. */
function helmAnnotatorModels(annotatorModels: LlmJuryAnnotatorModels): unknown {
  if (isStringList(annotatorModels)) return [...annotatorModels];
  return Object.fromEntries(
    Object.entries(annotatorModels).map(([name, info]) => [
      name,
      { model_name: info.modelName, model_deployment: info.modelDeployment },
    ]),
  );
}

function isStringList(annotatorModels: LlmJuryAnnotatorModels): annotatorModels is readonly string[] {
  return Array.isArray(annotatorModels);
}

function isDict(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Runs a Python-semantics step, turning the Python exception it throws into a ScoringError. */
function convert<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (MedHelmError.isInstance(error)) throw error;
    const name = error instanceof Error ? error.name : 'Error';
    throw helmRaises(name, (error as Error).message, error);
  }
}

function helmRaises(exception: string, detail: string, cause?: unknown): ScoringError {
  return new ScoringError(
    `HELM's LLMJuryMetric raises ${exception} here: ${detail}`,
    cause === undefined ? undefined : { cause },
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
