import { pythonFloatRepr } from '@medhelm/python-text';

/** One HealthBench rubric criterion as the data file writes it (simple-evals' `RubricItem`). */
export interface HealthBenchRubricItem {
  readonly criterion: string;
  /** Points for meeting it: negative for an undesirable criterion, 0 for one that counts nowhere. */
  readonly points: number;
  readonly tags: readonly string[];
}

/**
 * `str(RubricItem)` = `f"[{points}] {criterion}"`. Python prints an int as digits and a float by
 * `repr` (`[7]`, `[-0.5]`); JavaScript has one number type, so the int/float choice is made here.
 */
export function rubricItemString(item: Pick<HealthBenchRubricItem, 'criterion' | 'points'>): string {
  return `[${pythonNumber(item.points)}] ${item.criterion}`;
}

/**
 * Python's `str()` of a number `json.loads` read: digits for an int (written without a point or
 * exponent, as every integral value of HealthBench's files is), `repr` for a float.
 */
function pythonNumber(value: number): string {
  if (Number.isSafeInteger(value)) return Object.is(value, -0) ? '0' : String(value);
  return pythonFloatRepr(value);
}
