import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { pythonInt, pythonTrueDivide } from '@medhelm/python-text';
import type { LlmJuryAnnotatorModels } from './llm-jury-score.ts';

/** What {@link llmJuryScoreValidOnly} finds for one instance. */
export interface LlmJuryValidOnlyResult {
  /** The mean score over the valid replies; `null` when no judge gave a valid reply. */
  score: number | null;
  /** How many of the listed judges gave a valid reply. */
  validJudges: number;
}

/**
 * The LLM-jury score over **valid** judge replies only, for one instance. Computed beside HELM's
 * jury score ({@link llmJuryScore}), which is left unchanged.
 *
 * HELM's `LLMJuryMetric` starts from `default_score` (MedHELM's run specs pass 1.0, the lowest
 * score of its 1–5 rubrics) and keeps it when no judge reply counts, e.g. when every judge's reply
 * failed to parse (HELM's annotator then files nothing, or `None`, under the judge's name). A
 * model whose answers no judge could grade thus gets the worst grade, indistinguishable from a
 * model every judge graded 1. Here such an instance has **no value** (`null`): it is left out of
 * the mean rather than counted as 1.0, and counted by the `_no_valid_judge` stat instead.
 *
 * A judge's reply is valid when its verdict (`annotations[judge]`, for each judge of
 * `annotatorModels`) is a non-empty dict whose every criterion is a dict with a `score` that
 * Python's `int()` accepts (as HELM converts it: `4.0` → 4, `" 3 "` → 3, `true` → 1). A missing or
 * `null` verdict, a non-dict, an empty dict, or a criterion without a usable score makes that
 * judge's whole reply invalid (where HELM raises for the last kinds). The score is HELM's
 * arithmetic over the valid replies: the mean of `int(score)` over all their criteria, by Python's
 * exact int/int division.
 *
 * @param annotations the annotations filed under the scenario's name: judge key → verdict.
 * @param annotatorModels the judges whose verdicts count (HELM's `annotator_models`).
 */
export function llmJuryScoreValidOnly(
  annotations: Readonly<Record<string, unknown>>,
  annotatorModels: LlmJuryAnnotatorModels,
): LlmJuryValidOnlyResult {
  const judges = Array.isArray(annotatorModels) ? annotatorModels : Object.keys(annotatorModels);
  const scores: bigint[] = [];
  let validJudges = 0;
  for (const judge of new Set<string>(judges)) {
    if (!Object.hasOwn(annotations, judge)) continue;
    const verdictScores = validVerdictScores(annotations[judge]);
    if (verdictScores === undefined) continue;
    validJudges++;
    scores.push(...verdictScores);
  }
  if (scores.length === 0) return { score: null, validJudges };
  const sum = scores.reduce((total, score) => total + score, 0n);
  return { score: pythonTrueDivide(sum, BigInt(scores.length)), validJudges };
}

/** Options of {@link llmJuryValidOnlyScorer}: the same judges and names as the HELM jury scorer's. */
export interface LlmJuryValidOnlyScorerOptions {
  /** The annotator name the verdicts are filed under in `input.annotations` (HELM's `scenario_name`). */
  scenarioName: string;
  /** The judges whose verdicts count. */
  annotatorModels: LlmJuryAnnotatorModels;
  /** The HELM jury stat's name; default `<scenarioName>_accuracy`, as in MedHELM's run specs. */
  metricName?: string;
}

/**
 * The valid-replies-only jury scorer, beside {@link llmJuryScorer}. With `metricName` the HELM jury
 * stat's name (default `<scenarioName>_accuracy`) it gives two stats per instance:
 *
 * - `<metricName>_valid_only`: {@link llmJuryScoreValidOnly}'s score, `null` (no value, so the
 *   instance does not count in the mean) when no judge gave a valid reply;
 * - `<metricName>_no_valid_judge`: 1 when no judge gave a valid reply, else 0 (its mean is the
 *   share of such instances).
 *
 * It has no `helmMetricSpecs` (HELM has no such metric), so run_spec.json's `metric_specs` stay
 * HELM's. Throws ScoringError when the instance has no annotations filed under `scenarioName` at
 * all: the jury did not run for it, which is not the same as every judge failing.
 */
export function llmJuryValidOnlyScorer(options: LlmJuryValidOnlyScorerOptions): ScorerV1 {
  const { scenarioName, annotatorModels } = options;
  const metricName = options.metricName ?? `${scenarioName}_accuracy`;
  const validOnly = `${metricName}_valid_only`;
  const noValidJudge = `${metricName}_no_valid_judge`;
  return defineScorer({
    id: validOnly,
    statNames: [validOnly, noValidJudge],
    score(input): ScoreValuesV1 {
      const scenarioAnnotations = input.annotations?.[scenarioName];
      if (!isDict(scenarioAnnotations)) {
        throw new ScoringError(
          `Instance ${input.instance.id} has no '${scenarioName}' jury annotations (the jury did not run for it)`,
        );
      }
      const { score } = llmJuryScoreValidOnly(scenarioAnnotations, annotatorModels);
      return { [validOnly]: score, [noValidJudge]: score === null ? 1 : 0 };
    },
  });
}

/** `int(score)` of every criterion of a valid verdict, or undefined when the verdict is not valid. */
function validVerdictScores(verdict: unknown): bigint[] | undefined {
  if (!isDict(verdict)) return undefined;
  const criteria = Object.values(verdict);
  if (criteria.length === 0) return undefined;
  const scores: bigint[] = [];
  for (const criterion of criteria) {
    if (!isDict(criterion) || !Object.hasOwn(criterion, 'score')) return undefined;
    try {
      scores.push(pythonInt(criterion.score));
    } catch {
      // Python's int() refuses it ("4.5", "x", null, NaN, ...): not a valid reply.
      return undefined;
    }
  }
  return scores;
}

function isDict(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
