import {
  defineScorer,
  type ScoreInputV1,
  type ScorerV1,
  type ScoreValuesV1,
  ScoringError,
  type Stat,
} from '@medhelm/core';
import { llmJuryScore, llmJuryScoreValidOnly } from '@medhelm/metrics';
import { MEDHELM_ANNOTATION_KEY } from './create-jury-annotator.ts';
import { helmJuryMetricSpec } from './helm-jury-specs.ts';
import { JURY_SCORE_MAXIMUM, JURY_SCORE_MINIMUM } from './judge-reply-schema.ts';
import { HELM_DEFAULT_JUDGES, type JuryRubric } from './jury-rubric.ts';
import {
  addKrippendorffUnit,
  emptyKrippendorffSums,
  type KrippendorffSums,
  krippendorffAlphaInterval,
} from './krippendorff-alpha.ts';

/** Options of {@link createJuryScorer}. */
export interface JuryScorerOptions {
  /**
   * The judges whose verdicts count (HELM's `annotator_models` keys), in order. Default the
   * rubric's own `judges`, else HELM's `gpt`, `llama`, `claude`. run_spec.json's metric spec
   * describes the rubric's jury (HELM's default one when it has none of its own).
   */
  judgeNames?: readonly string[];
}

/** The names of every stat {@link createJuryScorer} produces for a rubric, by role. */
export interface JuryStatNames {
  /** HELM's stat (`rubric.metricName`, e.g. `aci_bench_accuracy`). */
  helm: string;
  /** `<metric>_judge_<name>`: each judge's mean over the criteria of its valid reply. */
  perJudge: Readonly<Record<string, string>>;
  /** `<metric>_invalid_replies`: how many judges' replies HELM dropped for the instance. */
  invalidReplies: string;
  /** `<metric>_normalized`: (HELM score − minimum) / (maximum − minimum) of the rubric's scale, on 0–1 (none for a scale it does not know). */
  normalized: string;
  /** `<metric>_valid_only`: the mean over valid replies only; no value when there is none. */
  validOnly: string;
  /** `<metric>_no_valid_judge`: 1 when no judge's reply counted. */
  noValidJudge: string;
  /** `<metric>_krippendorff_alpha`: inter-judge agreement over the context (derived). */
  krippendorffAlpha: string;
  /** Per-instance helper sums the alpha is derived from. */
  agreementSums: Readonly<Record<keyof KrippendorffSums, string>>;
}

/** The stat names of the jury scorer for `rubric` and `judgeNames`. */
export function juryStatNames(
  rubric: Pick<JuryRubric, 'metricName'>,
  judgeNames: readonly string[] = HELM_DEFAULT_JUDGES.map((judge) => judge.name),
): JuryStatNames {
  const metric = rubric.metricName;
  return {
    helm: metric,
    perJudge: Object.fromEntries(judgeNames.map((name) => [name, `${metric}_judge_${name}`])),
    invalidReplies: `${metric}_invalid_replies`,
    normalized: `${metric}_normalized`,
    validOnly: `${metric}_valid_only`,
    noValidJudge: `${metric}_no_valid_judge`,
    krippendorffAlpha: `${metric}_krippendorff_alpha`,
    agreementSums: {
      pairable: `${metric}_agreement_pairable_values`,
      sum: `${metric}_agreement_value_sum`,
      sumSquares: `${metric}_agreement_value_sum_squares`,
      withinDisagreement: `${metric}_agreement_within_disagreement`,
    },
  };
}

/**
 * The jury scorer of a benchmark. Per instance, from the annotation filed under `rubric.name`:
 *
 * - `rubric.metricName`: HELM's LLMJuryMetric, {@link llmJuryScore} (mean of `int(score)` over every
 *   criterion of every counted judge, else `rubric.defaultScore`); it throws ScoringError where
 *   HELM raises (a score `int()` refuses, a criterion that is not an object...);
 * - beside it, never replacing it: `_judge_<name>` per judge (no value when its reply was dropped),
 *   `_invalid_replies`, `_normalized` ((score − 1) / 4), `_valid_only` and `_no_valid_judge`
 *   ({@link llmJuryScoreValidOnly}), and the helper sums of Krippendorff's alpha (units: instance ×
 *   criterion; values: each judge's `int(score)`), from which `deriveStats` computes
 *   `_krippendorff_alpha` for the whole context.
 *
 * An instance with no jury annotation (the jury was skipped) gets no stats (`{}`).
 */
export function createJuryScorer(rubric: JuryRubric, options: JuryScorerOptions = {}): ScorerV1 {
  const judgeNames = options.judgeNames ?? (rubric.judges ?? HELM_DEFAULT_JUDGES).map((judge) => judge.name);
  const names = juryStatNames(rubric, judgeNames);
  const scale =
    rubric.scale === undefined ? { minimum: JURY_SCORE_MINIMUM, maximum: JURY_SCORE_MAXIMUM } : rubric.scale;
  const criteria = Object.keys(rubric.criteria);
  const sumNames = Object.entries(names.agreementSums) as [keyof KrippendorffSums, string][];
  return defineScorer({
    id: rubric.metricName,
    statNames: [
      names.helm,
      ...Object.values(names.perJudge),
      names.invalidReplies,
      ...(scale === null ? [] : [names.normalized]),
      names.validOnly,
      names.noValidJudge,
      ...sumNames.map(([, name]) => name),
      names.krippendorffAlpha,
    ],
    helmMetricSpecs: [helmJuryMetricSpec(rubric)],
    score(input: ScoreInputV1): ScoreValuesV1 {
      const annotations = input.annotations;
      if (annotations === undefined || !Object.hasOwn(annotations, rubric.name)) return {};
      const annotation = annotations[rubric.name];
      if (!isDict(annotation)) {
        throw new ScoringError(
          `HELM's LLMJuryMetric raises AttributeError here: the '${rubric.name}' annotation of instance ${input.instance.id} is not a dict`,
        );
      }
      const helmScore = llmJuryScore(annotation, judgeNames, rubric.defaultScore ?? null);
      const validOnly = llmJuryScoreValidOnly(annotation, judgeNames).score;
      const values: Record<string, number | null> = { [names.helm]: helmScore };
      for (const judge of judgeNames) {
        values[names.perJudge[judge] as string] = Object.hasOwn(annotation, judge)
          ? llmJuryScoreValidOnly({ [judge]: annotation[judge] }, [judge]).score
          : null;
      }
      values[names.invalidReplies] = invalidReplies(annotation, judgeNames);
      if (scale !== null)
        values[names.normalized] = (helmScore - scale.minimum) / (scale.maximum - scale.minimum);
      values[names.validOnly] = validOnly;
      values[names.noValidJudge] = validOnly === null ? 1 : 0;
      const sums = agreementSums(annotation, judgeNames, criteria);
      for (const [key, name] of sumNames) values[name] = sums[key];
      return values;
    },
    deriveStats(merged: ReadonlyMap<string, Stat>): ScoreValuesV1 {
      const sums = emptyKrippendorffSums();
      for (const [key, name] of sumNames) {
        const stat = merged.get(name);
        if (stat === undefined) return {};
        sums[key] = stat.sum;
      }
      return { [names.krippendorffAlpha]: krippendorffAlphaInterval(sums) };
    },
  });
}

/**
 * How many counted judges' replies HELM dropped: from `_medhelm` when the annotation has it; for
 * an annotation without it (imported from HELM), the counted judges missing from a judged
 * annotation (one with a `prompt_text`).
 */
function invalidReplies(
  annotation: Readonly<Record<string, unknown>>,
  judgeNames: readonly string[],
): number {
  const extras = annotation[MEDHELM_ANNOTATION_KEY];
  const records = isDict(extras) && isDict(extras.judges) ? extras.judges : undefined;
  if (records !== undefined) {
    return judgeNames.filter((judge) => {
      const record = records[judge];
      return isDict(record) && record.valid === false;
    }).length;
  }
  if (annotation.prompt_text === null || annotation.prompt_text === undefined) return 0;
  return judgeNames.filter((judge) => !Object.hasOwn(annotation, judge) || annotation[judge] === null).length;
}

/** The instance's Krippendorff sums: one unit per rubric criterion, one value per counted judge. */
function agreementSums(
  annotation: Readonly<Record<string, unknown>>,
  judgeNames: readonly string[],
  criteria: readonly string[],
): KrippendorffSums {
  const sums = emptyKrippendorffSums();
  for (const criterion of criteria) {
    const values: number[] = [];
    for (const judge of judgeNames) {
      const verdict = annotation[judge];
      if (!isDict(verdict) || !Object.hasOwn(verdict, criterion)) continue;
      // HELM's int(score), through the metric's own conversion (null when int() refuses it).
      const score = llmJuryScoreValidOnly({ [judge]: { [criterion]: verdict[criterion] } }, [judge]).score;
      if (score !== null) values.push(score);
    }
    addKrippendorffUnit(sums, values);
  }
  return sums;
}

function isDict(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
