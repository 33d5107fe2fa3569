/** One line of a conformance file (see `shared/conformance/README.md` for the format). */
export interface ConformanceCase {
  metric: string;
  prediction: string | null;
  references: string[];
  extra: Record<string, unknown>;
  expected: Record<string, unknown>;
  /** Other fields some families carry (e.g. ehr_sql's `expected_annotation`). */
  [field: string]: unknown;
}

/** What a family needs besides the case. */
export interface FamilyContext {
  /** The folder the vector file is in (e.g. for ehr_sql's database file). */
  vectorsDirectory: string;
  /** `--data-root`: where each benchmark's data files are (`<dataRoot>/<benchmark>/`), when given. */
  dataRoot?: string;
}

/**
 * How our implementation is checked against one family of vectors (one `<name>.jsonl` file).
 * `evaluate` computes, from our own implementation, the same keys the vector's `expected` holds;
 * where our implementation refuses the input (HELM raises), it returns `{ __raises__: <reason> }`.
 * The runner compares the two with the README's tolerances.
 */
export interface ConformanceFamily {
  /** The file name without `.jsonl`, e.g. `rouge`. */
  name: string;
  /** Expected keys compared with an absolute tolerance of 1e-9; every other key must be equal. */
  floatKeys?: readonly string[];
  evaluate(
    vector: ConformanceCase,
    context: FamilyContext,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Compares `evaluate`'s values with the vector's `expected` itself (e.g. to require Python's key
   * order, or to leave out a key the vectors hold for information only); returns the first mismatch.
   * Absent: `compareExpected` with `floatKeys`.
   */
  compare?(expected: Record<string, unknown>, actual: Record<string, unknown>): string | undefined;
  /** Optional setup/teardown around a file (e.g. a SQL sandbox process). */
  open?(context: FamilyContext): Promise<void>;
  close?(): Promise<void>;
}

/** The key that marks "HELM raises here" in a vector's `expected`, and "we refused" in ours. */
export const RAISES_KEY = '__raises__';
