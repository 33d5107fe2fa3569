import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Where a package's test run leaves its skipped-tests report, in the package folder: a turbo
 * output of the test task (so a cached run restores it) that scripts/skipped-tests.mjs gathers at
 * the end of `npm test`.
 */
export const SKIPPED_TESTS_FILE = '.skipped-tests.json';

/** What @medhelm/testing's recordMissingPrerequisite writes into a test file's metadata. */
const MISSING_PREREQUISITES_META_KEY = 'medhelmMissingPrerequisites';

/**
 * A vitest reporter that ends a run by naming what did not run and why: the test files that found
 * a prerequisite missing (the shared folder of HELM-made vectors, a Redis), the suites and tests
 * they skipped, and the tests skipped for other reasons with their titles. vitest's own summary
 * only counts skipped tests; `describe.skipIf` and vector lists left empty say nothing.
 * @implements {import('vitest/reporters').Reporter}
 */
export class SkippedTestsReporter {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    // `-t <pattern>` skips every test it leaves out: no prerequisite is missing then.
    this.filteredByName = vitest.config.testNamePattern !== undefined;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    if (this.filteredByName) return;
    const root = this.root ?? process.cwd();
    const modules = testModules
      .map((module) => moduleReport(module, root))
      .filter((report) => report !== undefined)
      .sort((a, b) => a.file.localeCompare(b.file));
    const file = join(root, SKIPPED_TESTS_FILE);
    // Written when nothing was skipped too: it is the test task's turbo output.
    writeFileSync(file, `${JSON.stringify({ modules }, null, 2)}\n`);
    if (modules.length > 0) process.stdout.write(`\n${formatSkippedTests(modules)}\n`);
  }
}

/**
 * One test file's missing prerequisites and skipped suites and tests, or undefined when it has
 * neither: `{ file, missing: { [prerequisite]: reason }, skipped: [{ name, tests, note? }] }`.
 * @param {import('vitest/node').TestModule} module
 * @param {string} root
 */
function moduleReport(module, root) {
  const missing = module.meta()[MISSING_PREREQUISITES_META_KEY] ?? {};
  const skipped = [];
  collectSkipped(module.children, skipped);
  if (Object.keys(missing).length === 0 && skipped.length === 0) return undefined;
  return { file: relative(root, module.moduleId), missing, skipped };
}

/**
 * Skipped suites as a whole (every test in them skipped, or none collected in a skipped suite) and
 * skipped tests outside them; `todo` tests are plans, not skips.
 * @param {import('vitest/node').TestCollection} children
 * @param {Array<{ name: string, tests: number, note?: string }>} skipped
 */
function collectSkipped(children, skipped) {
  for (const child of children) {
    if (child.type === 'test') {
      const result = child.result();
      if (result.state === 'skipped' && child.options.mode !== 'todo') {
        skipped.push({ name: child.fullName, tests: 1, ...(result.note ? { note: result.note } : {}) });
      }
      continue;
    }
    const tests = [...child.children.allTests()];
    const allSkipped = tests.every((test) => test.result().state === 'skipped');
    if ((tests.length > 0 && allSkipped) || (tests.length === 0 && child.options.mode === 'skip')) {
      skipped.push({ name: child.fullName, tests: tests.length });
    } else {
      collectSkipped(child.children, skipped);
    }
  }
}

/** A skipped suite of `it.each(vectors)` over vectors never read has no tests to count. */
const testCount = (tests) => (tests === 0 ? 'no test collected' : tests === 1 ? '1 test' : `${tests} tests`);

/**
 * The summary lines: by missing prerequisite (with the reason once) the files that ran without it
 * and what they skipped, then the files that skipped tests for another reason.
 * @param {ReadonlyArray<{ file: string, missing: Record<string, string>, skipped: Array<{ name: string, tests: number, note?: string }> }>} modules
 */
export function formatSkippedTests(modules) {
  const lines = [];
  const describeFile = (module) => {
    const where = module.label === undefined ? module.file : `${module.label} ${module.file}`;
    if (module.skipped.length === 0)
      return [`    ${where}: nothing skipped, but it had none of it to check against`];
    return [
      `    ${where}:`,
      ...module.skipped.map(
        ({ name, tests, note }) => `      - ${name} (${testCount(tests)}${note ? `; ${note}` : ''})`,
      ),
    ];
  };
  const byPrerequisite = new Map();
  for (const module of modules) {
    for (const [prerequisite, reason] of Object.entries(module.missing)) {
      const key = `${prerequisite}\u0000${reason}`;
      if (!byPrerequisite.has(key)) byPrerequisite.set(key, { prerequisite, reason, modules: [] });
      byPrerequisite.get(key).modules.push(module);
    }
  }
  for (const { prerequisite, reason, modules: affected } of byPrerequisite.values()) {
    lines.push(`Ran without ${prerequisite}: ${reason}. In ${affected.length} test file(s):`);
    for (const module of affected) lines.push(...describeFile(module));
  }
  const others = modules.filter((module) => Object.keys(module.missing).length === 0);
  if (others.length > 0) {
    lines.push(`Skipped for other reasons (see each title) in ${others.length} test file(s):`);
    for (const module of others) lines.push(...describeFile(module));
  }
  return lines.join('\n');
}
