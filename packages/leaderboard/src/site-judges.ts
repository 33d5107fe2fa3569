import type { SiteJudge } from './site-data.ts';
import { isRecord } from './site-stat.ts';

/**
 * The judges' verdicts in a request state's `annotations`, as HELM's LLM-jury annotators write
 * them: `{<annotator>: {<judge>: {<criterion>: {score, explanation}}, prompt_text}}`. Our runs add
 * `_medhelm.judges.<judge>.{valid, reason, callFailed}`; a judge named there without scores (its
 * reply was dropped) is listed with no scores and `valid: false`.
 */
export function judgesOf(annotations: unknown): SiteJudge[] {
  if (!isRecord(annotations)) return [];
  const judges: SiteJudge[] = [];
  for (const [annotator, annotation] of Object.entries(annotations)) {
    if (!isRecord(annotation)) continue;
    if (Array.isArray(annotation.rubric_items)) {
      // Who graded: HealthBench's jury variant names its jury (`grader`), else the run's grader.
      const grader = typeof annotation.grader === 'string' ? annotation.grader : 'grader';
      judges.push(rubricGrader(annotator, grader, annotation.rubric_items));
      continue;
    }
    const outcomes: Record<string, unknown> =
      isRecord(annotation._medhelm) && isRecord(annotation._medhelm.judges) ? annotation._medhelm.judges : {};
    const names = new Set([
      ...Object.keys(annotation).filter((key) => key !== '_medhelm' && isCriteria(annotation[key])),
      ...Object.keys(outcomes),
    ]);
    for (const judge of names) {
      const outcome = outcomes[judge];
      const criteria = annotation[judge];
      const scores = isCriteria(criteria)
        ? Object.entries(criteria).map(([criterion, verdict]) => ({
            criterion,
            score: isRecord(verdict) && typeof verdict.score === 'number' ? verdict.score : null,
            explanation:
              isRecord(verdict) && typeof verdict.explanation === 'string' ? verdict.explanation : null,
          }))
        : [];
      const failed = isRecord(outcome) && (outcome.valid === false || outcome.callFailed === true);
      const valid = !failed && scores.length > 0;
      const recordedReason = isRecord(outcome) && typeof outcome.reason === 'string' ? outcome.reason : null;
      const callFailed = isRecord(outcome) && outcome.callFailed === true;
      judges.push({
        annotator,
        judge,
        valid,
        reason: valid
          ? null
          : (recordedReason ?? (callFailed ? 'the judge call failed' : 'no valid scores recorded')),
        scores,
      });
    }
  }
  return judges;
}

/**
 * A rubric-graded annotation (HealthBench's: `{rubric_items: [{criterion, points, criteria_met,
 * explanation, invalid_replies}]}`) as its grader's verdict: each item with its points, met or not,
 * and the explanation; invalid replies before an accepted one leave the verdict valid.
 */
function rubricGrader(annotator: string, grader: string, items: readonly unknown[]): SiteJudge {
  const scores = items.filter(isRecord).map((item) => {
    const points = typeof item.points === 'number' ? item.points : 0;
    const met = item.criteria_met === true;
    return {
      criterion: String(item.criterion),
      score: met ? points : 0,
      explanation: typeof item.explanation === 'string' ? item.explanation : null,
      points,
      met,
    };
  });
  return {
    annotator,
    judge: grader,
    valid: scores.length > 0,
    reason: scores.length > 0 ? null : 'no rubric item graded',
    scores,
  };
}

/**
 * The largest difference between two valid judges' mean scores (over criteria); null without two
 * valid judges with scores. The instance browser's "judges disagree" filter reads it.
 */
export function judgeSpread(judges: readonly SiteJudge[]): number | null {
  const means = judges.flatMap((judge) => {
    const scores = judge.scores.flatMap((entry) => (entry.score === null ? [] : [entry.score]));
    return judge.valid && scores.length > 0
      ? [scores.reduce((sum, score) => sum + score, 0) / scores.length]
      : [];
  });
  if (means.length < 2) return null;
  return Math.max(...means) - Math.min(...means);
}

/** `{<criterion>: {score, ...}}`: a judge's entry in an annotation. */
function isCriteria(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((verdict) => isRecord(verdict) && 'score' in verdict)
  );
}
