import { MEDHELM_ANNOTATION_KEY } from './create-jury-annotator.ts';
import { JURY_SCORE_MAXIMUM, JURY_SCORE_MINIMUM } from './judge-reply-schema.ts';
import { HELM_DEFAULT_JUDGES, type JuryRubric } from './jury-rubric.ts';

/**
 * The annotation a jury would file if every judge gave every criterion `score`: HELM's shape
 * (`prompt_text`, then one verdict per judge), for tests that score without calling judges.
 * `prompt_text` says it is simulated.
 */
export function simulatedJuryAnnotation(
  rubric: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'judges'>>,
  score: number,
  judgeNames: readonly string[] = (rubric.judges ?? HELM_DEFAULT_JUDGES).map((judge) => judge.name),
): Record<string, unknown> {
  const annotation: Record<string, unknown> = { prompt_text: '(simulated jury: no judge was asked)' };
  for (const judge of judgeNames) {
    annotation[judge] = Object.fromEntries(
      Object.entries(rubric.criteria).map(([criterion, subkeys]) => [
        criterion,
        Object.fromEntries(
          subkeys.map((subkey) => [
            subkey,
            subkey === 'score' ? score : `Simulated ${criterion} verdict for a contract test.`,
          ]),
        ),
      ]),
    );
  }
  annotation[MEDHELM_ANNOTATION_KEY] = { emptyCompletion: false, judges: {} };
  return annotation;
}

/**
 * The options a jury benchmark passes to `describeBenchmarkContract` (@medhelm/testing): the oracle
 * completion gets every judge's top score (5), the wrong one the lowest (1), and the main metric's
 * maximum is the jury scale's top, 5.
 *
 * `describeBenchmarkContract(benchmark, { ...juryContractOptions(rubric), packageJsonPath, loadContext })`
 */
export function juryContractOptions(
  rubric: Pick<JuryRubric, 'criteria'> & Partial<Pick<JuryRubric, 'judges'>>,
): {
  juryAnnotations: (quality: 'best' | 'worst') => unknown;
  mainMetricMaximum: number;
} {
  return {
    juryAnnotations: (quality) =>
      simulatedJuryAnnotation(rubric, quality === 'best' ? JURY_SCORE_MAXIMUM : JURY_SCORE_MINIMUM),
    mainMetricMaximum: JURY_SCORE_MAXIMUM,
  };
}
