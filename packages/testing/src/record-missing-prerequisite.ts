import { TestRunner } from 'vitest';

/**
 * The key, in a test file's vitest metadata (`TestModule.meta()`), of what the file found missing:
 * `{ [prerequisite]: reason }`. @medhelm/vitest-config's skipped-tests reporter reads it by this name.
 */
const MISSING_PREREQUISITES_META_KEY = 'medhelmMissingPrerequisites';

/**
 * Records on the test file being run that `prerequisite` (the shared folder, a Redis) is missing
 * and why, so the run can end by naming the files that ran without it and the tests they skipped:
 * `describe.skipIf` and empty vector lists say nothing on their own. Does nothing outside a vitest
 * test file.
 */
export function recordMissingPrerequisite(prerequisite: string, reason: string): void {
  let file: { meta: object } | undefined;
  try {
    // During collection the current suite is the file's; afterwards it still belongs to the file.
    file = TestRunner.getCurrentSuite().file;
  } catch {
    return;
  }
  if (file === undefined) return;
  const meta = file.meta as Record<string, Record<string, string> | undefined>;
  meta[MISSING_PREREQUISITES_META_KEY] = { ...meta[MISSING_PREREQUISITES_META_KEY], [prerequisite]: reason };
}
