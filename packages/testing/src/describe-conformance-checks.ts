import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFidelityDirectory } from './find-fidelity-directory.ts';

/** Where a benchmark's vectors and real sample lie: in the bundled vectors, or the shared folder for withheld ones. */
export interface SharedConformancePaths {
  /** `conformance/prompts/<benchmark>.jsonl`: HELM's prompts. */
  promptVectors(benchmarkId: string): string;
  /** `conformance/jury_prompts/<benchmark>.jsonl`: HELM's judge prompts. */
  judgePromptVectors(benchmarkId: string): string;
  /** `data/<benchmark>`: the real upstream sample the vectors were made from. */
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
 * A suite of checks against HELM-made vectors, one test a row: each row's check must fail nothing
 * and pass exactly `passed` vectors. The files come from the repository's bundled vectors
 * (`findFidelityDirectory`): a missing bundled file fails the suite; a benchmark whose files may not
 * be redistributed reads them from the shared folder and, without it, is skipped saying why.
 * `checks` gets the paths (asking for a benchmark's vectors asks for its sample too):
 *
 * ```ts
 * describeConformanceChecks('pubmed_qa prompts are byte-identical to HELM', (shared) => [
 *   { name: 'renders the sample', passed: 200, run: () =>
 *       checkPromptVectors(benchmark, { vectorsFile: shared.promptVectors('pubmed_qa'), dataDirectory: shared.data('pubmed_qa') }) },
 * ]);
 * ```
 */
export function describeConformanceChecks(
  name: string,
  checks: (shared: SharedConformancePaths) => readonly ConformanceCheck[],
): void {
  const root = findFidelityDirectory(requestedFiles(checks));
  describe.skipIf(root === undefined)(name, () => {
    for (const check of checks(locatedPaths())) {
      it(check.name, { timeout: check.timeout ?? CONFORMANCE_CHECK_TIMEOUT_MS }, async (context) => {
        let result: Awaited<ReturnType<ConformanceCheck['run']>>;
        try {
          result = await check.run();
        } catch (error) {
          // A path asked for only while the check runs, of files that are withheld and not at hand.
          if (error instanceof UnavailableFidelityFile) context.skip(error.message);
          throw error;
        }
        expect(result.failures).toEqual([]);
        expect(result.passed).toBe(check.passed);
      });
    }
  });
}

/** Thrown by a path asked for while a check runs, when its file is withheld and there is no shared folder. */
class UnavailableFidelityFile extends Error {}

/** Paths located one by one, for rows that ask for them only while their check runs. */
function locatedPaths(): SharedConformancePaths {
  const relative = pathsUnder('');
  const locate = (path: string, benchmarkId: string): string => {
    const directory = findFidelityDirectory([path, relative.data(benchmarkId)]);
    if (directory === undefined)
      throw new UnavailableFidelityFile(`${path}: withheld, and no shared folder has it`);
    return join(directory, path);
  };
  return {
    promptVectors: (benchmarkId) => locate(relative.promptVectors(benchmarkId), benchmarkId),
    judgePromptVectors: (benchmarkId) => locate(relative.judgePromptVectors(benchmarkId), benchmarkId),
    data: (benchmarkId) => locate(relative.data(benchmarkId), benchmarkId),
  };
}

/** The files `checks` asks for as it builds its rows (the checks themselves do not run). */
function requestedFiles(checks: (shared: SharedConformancePaths) => readonly ConformanceCheck[]): string[] {
  const requested = new Set<string>();
  const paths = pathsUnder('');
  checks({
    promptVectors: (benchmarkId) => note(paths.promptVectors(benchmarkId), benchmarkId),
    judgePromptVectors: (benchmarkId) => note(paths.judgePromptVectors(benchmarkId), benchmarkId),
    data: (benchmarkId) => note(paths.data(benchmarkId), benchmarkId),
  });
  return [...requested];

  function note(path: string, benchmarkId: string): string {
    requested.add(path);
    requested.add(paths.data(benchmarkId));
    return path;
  }
}

/** The paths of a benchmark's files in a folder laid out as the shared folder. */
function pathsUnder(root: string): SharedConformancePaths {
  return {
    promptVectors: (benchmarkId) => join(root, 'conformance', 'prompts', `${benchmarkId}.jsonl`),
    judgePromptVectors: (benchmarkId) => join(root, 'conformance', 'jury_prompts', `${benchmarkId}.jsonl`),
    data: (benchmarkId) => join(root, 'data', benchmarkId),
  };
}
