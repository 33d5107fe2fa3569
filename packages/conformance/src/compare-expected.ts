import { RAISES_KEY } from './conformance-family.ts';

/** Absolute tolerance for float stats (conformance README). */
export const FLOAT_TOLERANCE = 1e-9;

/**
 * Compares our values with a vector's expected ones, as the conformance README prescribes: float
 * keys within 1e-9 absolute, everything else deeply equal; where HELM raises, we must have refused
 * too (and vice versa). Returns a description of the first mismatch, or undefined when they agree.
 * With `orderedKeys`, objects must also list their keys in the same order (a Python dict's order,
 * where the vectors record an insertion order that matters).
 */
export function compareExpected(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  floatKeys: ReadonlySet<string>,
  options: { orderedKeys?: boolean } = {},
): string | undefined {
  const orderedKeys = options.orderedKeys ?? false;
  const expectedRaises = RAISES_KEY in expected;
  const actualRaises = RAISES_KEY in actual;
  if (expectedRaises || actualRaises) {
    if (expectedRaises && actualRaises) return undefined;
    return expectedRaises
      ? `HELM raises ${String(expected[RAISES_KEY])}, ours gave ${JSON.stringify(actual)}`
      : `HELM gives ${JSON.stringify(expected)}, ours refused: ${String(actual[RAISES_KEY])}`;
  }
  for (const [key, value] of Object.entries(expected)) {
    if (!(key in actual)) return `${key}: expected ${JSON.stringify(value)}, ours has no value`;
    const ours = actual[key];
    if (floatKeys.has(key) && typeof value === 'number' && typeof ours === 'number') {
      if (!(Math.abs(value - ours) <= FLOAT_TOLERANCE)) return `${key}: expected ${value}, got ${ours}`;
    } else if (!deepEqual(value, ours, orderedKeys)) {
      return `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(ours)}`;
    }
  }
  const extra = Object.keys(actual).filter((key) => !(key in expected));
  if (extra.length > 0) return `ours has keys HELM does not: ${extra.join(', ')}`;
  return undefined;
}

function deepEqual(a: unknown, b: unknown, orderedKeys: boolean): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a as object);
  const bKeys = Object.keys(b as object);
  if (aKeys.length !== bKeys.length) return false;
  if (orderedKeys && !Array.isArray(a) && aKeys.some((key, index) => bKeys[index] !== key)) return false;
  return aKeys.every((key) =>
    deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], orderedKeys),
  );
}
