/** Why simple-evals' scoring raised, by Python's exception name. */
export class HealthBenchScoreError extends Error {
  constructor(
    readonly pythonError: 'AssertionError' | 'KeyError' | 'ValueError',
    message: string,
  ) {
    super(message);
    this.name = 'HealthBenchScoreError';
  }
}

/** The points of a rubric item, as `calculate_score` reads them. */
export interface ScoredRubricItem {
  readonly points: number;
}

/**
 * simple-evals' `calculate_score` (healthbench_eval.py:136-154): the points of the met items,
 * negatives included, over the sum of the positive points, both summed left to right as Python's
 * `sum` does; `null` when no item has positive points. Not clipped, so it can be below 0. A
 * reply's `criteria_met` counts by Python truthiness, as the reference tests it.
 */
export function calculateScore(
  rubricItems: readonly ScoredRubricItem[],
  gradingResponses: readonly Readonly<Record<string, unknown>>[],
): number | null {
  let totalPossible = 0;
  for (const item of rubricItems) if (item.points > 0) totalPossible += item.points;
  if (totalPossible === 0) return null;
  let achieved = 0;
  const length = Math.min(rubricItems.length, gradingResponses.length);
  for (let index = 0; index < length; index++) {
    const response = gradingResponses[index]!;
    if (!Object.hasOwn(response, 'criteria_met')) {
      throw new HealthBenchScoreError('KeyError', `grading response ${index} has no "criteria_met"`);
    }
    if (pythonTruthy(response.criteria_met)) achieved += rubricItems[index]!.points;
  }
  if (rubricItems.length !== gradingResponses.length) {
    throw new HealthBenchScoreError(
      'ValueError',
      `${rubricItems.length} rubric items but ${gradingResponses.length} grading responses (zip strict)`,
    );
  }
  return achieved / totalPossible;
}

/** Python's `bool(value)` for a JSON value. */
function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
