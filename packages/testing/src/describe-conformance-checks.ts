import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSharedDirectory } from './find-shared-directory.ts';

/** Where a benchmark's vectors and real sample lie in the project's shared folder. */
export interface SharedConformancePaths {
  /** `shared/conformance/prompts/<benchmark>.jsonl`: HELM's prompts. */
  promptVectors(benchmarkId: string): string;
  /** `shared/conformance/jury_prompts/<benchmark>.jsonl`: HELM's judge prompts. */
  judgePromptVectors(benchmarkId: string): string;
  /** `shared/data/<benchmark>`: the real upstream sample the vectors were made from. */
  data(benchmarkId: string): string;
}

/** How long one conformance check may take by default (vitest's 5 s or 20 s is too short under load). */
const CONFORMANCE_CHECK_TIMEOUT_MS = 120_000;

/** One row of {@link describeConformanceChecks}. */
export interface ConformanceCheck {
  /** What the check shows (the test's name). */
  name: string;
  /** Runs the check, e.g. `checkPromptVectors` or `checkJudgePromptVectors` of @medhelm/conformance. */
  run(): Promise<{ passed: number; failures: readonly unknown[] }>;
  /** How many vectors it must pass: all of them, and exactly this many, so none go unchecked. */
  passed: number;
  /** The test's time limit in ms. Default 120,000: a check reads a real sample, on a loaded CI machine too. */
  timeout?: number;
}

/**
 * A suite of checks against HELM-made vectors in the project's shared folder, one test a row: each
 * row's check must fail nothing and pass exactly `passed` vectors. Skipped, as a whole, where
 * there is no shared folder (`findSharedDirectory`). `checks` gets the folder's paths:
 *
 * ```ts
 * describeConformanceChecks('pubmed_qa prompts are byte-identical to HELM', (shared) => [
 *   { name: 'renders the shared sample', passed: 200, run: () =>
 *       checkPromptVectors(benchmark, { vectorsFile: shared.promptVectors('pubmed_qa'), dataDirectory: shared.data('pubmed_qa') }) },
 * ]);
 * ```
 */
export function describeConformanceChecks(
  name: string,
  checks: (shared: SharedConformancePaths) => readonly ConformanceCheck[],
): void {
  const sharedDirectory = findSharedDirectory();
  describe.skipIf(sharedDirectory === undefined)(name, () => {
    const root = sharedDirectory ?? '';
    const shared: SharedConformancePaths = {
      promptVectors: (benchmarkId) => join(root, 'conformance', 'prompts', `${benchmarkId}.jsonl`),
      judgePromptVectors: (benchmarkId) => join(root, 'conformance', 'jury_prompts', `${benchmarkId}.jsonl`),
      data: (benchmarkId) => join(root, 'data', benchmarkId),
    };
    for (const check of checks(shared)) {
      it(check.name, { timeout: check.timeout ?? CONFORMANCE_CHECK_TIMEOUT_MS }, async () => {
        const result = await check.run();
        expect(result.failures).toEqual([]);
        expect(result.passed).toBe(check.passed);
      });
    }
  });
}
