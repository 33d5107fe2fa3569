import type { JuryRubric } from '@medhelm/jury';

/** The criteria MedHELM's jury annotators ask for (their `ANNOTATION_CRITERIA`), each a score with its explanation. */
export const MEDHELM_JURY_CRITERIA: JuryRubric['criteria'] = Object.freeze({
  accuracy: ['score', 'explanation'],
  completeness: ['score', 'explanation'],
  clarity: ['score', 'explanation'],
});

/** What {@link medhelmJuryRubric} needs: the annotator's own name, class and prompt, and any departure from MedHELM's. */
export type MedhelmJuryRubricOptions = Pick<
  JuryRubric,
  'name' | 'helmAnnotatorClassName' | 'promptTemplate'
> &
  Partial<Pick<JuryRubric, 'criteria' | 'metricName' | 'defaultScore'>>;

/**
 * A jury rubric as MedHELM's annotators and run specs define them: HELM's `LLMAsJuryAnnotator`
 * named `name` with `PROMPT_TEMPLATE` `promptTemplate` and the criteria accuracy, completeness and
 * clarity ({@link MEDHELM_JURY_CRITERIA}); the run spec's `LLMJuryMetric` named
 * `<name>_accuracy` with `default_score=1.0`. `options` overrides any of them.
 */
export function medhelmJuryRubric(options: MedhelmJuryRubricOptions): JuryRubric {
  return {
    criteria: MEDHELM_JURY_CRITERIA,
    metricName: `${options.name}_accuracy`,
    defaultScore: 1,
    ...options,
  };
}
