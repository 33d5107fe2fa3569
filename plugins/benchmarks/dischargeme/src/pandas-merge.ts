// Hand-written because HELM's instance order (and which row drop_duplicates keeps) is pandas 2.3's pd.merge row order, which no CSV library reproduces.
import { DatasetLoadError, type DatasetLocation } from '@medhelm/core';

/** Row indexers of an inner merge: row `i` of the result is `left[i]` of the left frame joined with `right[i]` of the right. */
export interface MergeIndexers {
  left: Int32Array;
  right: Int32Array;
}

// pandas' C parser reads an int64 cell with optional ASCII whitespace around an optional sign and
// digits; `5.0` (or `5.`) makes the column float64, which merges with int64 by value.
const PANDAS_INTEGER = /^[ \t\n\v\f\r]*([+-]?\d+)(?:\.0*)?[ \t\n\v\f\r]*$/;

/**
 * A join-key cell (`subject_id`, `hadm_id`) as pandas reads it (`keep_default_na=False`): the
 * integer value, or `undefined` for an empty cell.
 *
 * pandas infers the key column's dtype from every cell: all integers give int64, and HELM's merges
 * compare keys by value (`080010001` is `80010001`, `80010001.0` too). An empty cell makes the
 * column text (object), and pd.merge then refuses to merge it with the other file's int64 column
 * (HELM stops with a ValueError); we let the row join nothing instead and run. Any other cell
 * (text, a fraction, an exponent) is a DatasetLoadError.
 */
export function parsePandasInt64Key(cell: string, location: DatasetLocation): number | undefined {
  if (cell === '') return undefined;
  const match = PANDAS_INTEGER.exec(cell);
  const value = match === null ? Number.NaN : Number(match[1]);
  if (!Number.isSafeInteger(value)) {
    throw new DatasetLoadError(
      `${JSON.stringify(cell)} is not an integer id: Discharge Me! joins its files on integer subject_id and hadm_id.`,
      { location },
    );
  }
  return value;
}

/**
 * The row indexers of HELM's `pd.merge(left, right, on=key, how="inner")` (sort=False) on one
 * int64 key, in the order pandas 2.3 (HELM's lock) returns them:
 *
 * - when both key columns are sorted and one of them is unique (pandas' monotonic join): every left
 *   row in order, each with its matching right rows in order;
 * - otherwise pandas factorizes the keys (codes in order of first appearance in the left keys, then
 *   the right's new ones), lists the pairs group by group (`libjoin.inner_join`), and restores the
 *   left order. When the result has exactly as many rows as the left frame it takes a short-cut
 *   that is only right when every left row matches exactly once: the pairs are then placed by each
 *   left row's rank in its group order, which scrambles them otherwise (e.g. left keys `[1, 0, 1]`,
 *   right `[0, 0, 0]` give the right rows 0, 2, 1). We reproduce that too, so the rows, and the
 *   instances HELM builds from them, come in HELM's order.
 */
export function pandasInnerMerge(leftKeys: ArrayLike<number>, rightKeys: ArrayLike<number>): MergeIndexers {
  const n = leftKeys.length;
  const m = rightKeys.length;
  if (n === 0 || m === 0) return { left: new Int32Array(0), right: new Int32Array(0) };
  if (
    isMonotonicIncreasing(leftKeys) &&
    isMonotonicIncreasing(rightKeys) &&
    (isUnique(leftKeys) || isUnique(rightKeys))
  ) {
    return nestedLoopMerge(leftKeys, rightKeys);
  }
  return factorizedMerge(leftKeys, rightKeys);
}

/** Each left row in order with its matching right rows in order. */
function nestedLoopMerge(leftKeys: ArrayLike<number>, rightKeys: ArrayLike<number>): MergeIndexers {
  const rowsByKey = new Map<number, number[]>();
  for (let index = 0; index < rightKeys.length; index += 1) {
    const key = rightKeys[index] as number;
    const rows = rowsByKey.get(key);
    if (rows === undefined) rowsByKey.set(key, [index]);
    else rows.push(index);
  }
  let count = 0;
  for (let index = 0; index < leftKeys.length; index += 1) {
    count += rowsByKey.get(leftKeys[index] as number)?.length ?? 0;
  }
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  let position = 0;
  for (let index = 0; index < leftKeys.length; index += 1) {
    for (const match of rowsByKey.get(leftKeys[index] as number) ?? []) {
      left[position] = index;
      right[position] = match;
      position += 1;
    }
  }
  return { left, right };
}

/** pandas' `_factorize_keys` + `libjoin.inner_join(..., sort=False)`. */
function factorizedMerge(leftKeys: ArrayLike<number>, rightKeys: ArrayLike<number>): MergeIndexers {
  const n = leftKeys.length;
  // One factorizer: the left keys first, then the right ones.
  const codes = new Map<number, number>();
  const codeOf = (key: number): number => {
    let code = codes.get(key);
    if (code === undefined) {
      code = codes.size;
      codes.set(key, code);
    }
    return code;
  };
  const leftCodes = Int32Array.from({ length: n }, (_, index) => codeOf(leftKeys[index] as number));
  const rightCodes = Int32Array.from({ length: rightKeys.length }, (_, index) =>
    codeOf(rightKeys[index] as number),
  );
  const groups = codes.size;
  const left = groupSort(leftCodes, groups);
  const right = groupSort(rightCodes, groups);

  let count = 0;
  for (let code = 0; code < groups; code += 1) {
    count += (left.counts[code] as number) * (right.counts[code] as number);
  }
  const pairedLeft = new Int32Array(count);
  const pairedRight = new Int32Array(count);
  let position = 0;
  let leftPosition = 0;
  let rightPosition = 0;
  for (let code = 0; code < groups; code += 1) {
    const leftCount = left.counts[code] as number;
    const rightCount = right.counts[code] as number;
    if (leftCount > 0 && rightCount > 0) {
      for (let j = 0; j < leftCount; j += 1) {
        for (let k = 0; k < rightCount; k += 1) {
          pairedLeft[position] = left.sorter[leftPosition + j] as number;
          pairedRight[position] = right.sorter[rightPosition + k] as number;
          position += 1;
        }
      }
    }
    leftPosition += leftCount;
    rightPosition += rightCount;
  }

  // Back to the left order. pandas' short-cut when the result is as long as the left frame: pair
  // `i` goes where left row `left.sorter[i]` is, right only when every left row matched once.
  const order = new Int32Array(count);
  if (count === n) {
    for (let rank = 0; rank < n; rank += 1) order[left.sorter[rank] as number] = rank;
  } else {
    order.set(groupSort(pairedLeft, n).sorter);
  }
  const resultLeft = new Int32Array(count);
  const resultRight = new Int32Array(count);
  for (let index = 0; index < count; index += 1) {
    resultLeft[index] = pairedLeft[order[index] as number] as number;
    resultRight[index] = pairedRight[order[index] as number] as number;
  }
  return { left: resultLeft, right: resultRight };
}

/** pandas' `groupsort_indexer`: a stable counting sort of `values` (each in 0..groups-1). */
function groupSort(values: Int32Array, groups: number): { sorter: Int32Array; counts: Int32Array } {
  const counts = new Int32Array(groups);
  for (const value of values) counts[value] = (counts[value] as number) + 1;
  const starts = new Int32Array(groups);
  for (let group = 1; group < groups; group += 1) {
    starts[group] = (starts[group - 1] as number) + (counts[group - 1] as number);
  }
  const sorter = new Int32Array(values.length);
  values.forEach((value, index) => {
    sorter[starts[value] as number] = index;
    starts[value] = (starts[value] as number) + 1;
  });
  return { sorter, counts };
}

function isUnique(keys: ArrayLike<number>): boolean {
  const seen = new Set<number>();
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as number;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

function isMonotonicIncreasing(keys: ArrayLike<number>): boolean {
  for (let index = 1; index < keys.length; index += 1) {
    if ((keys[index] as number) < (keys[index - 1] as number)) return false;
  }
  return true;
}
