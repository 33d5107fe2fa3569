import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const packageRoot = join(import.meta.dirname, '..');
const fixture = join(packageRoot, 'test', 'fixtures', 'skipped-tests');
const report = join(fixture, '.skipped-tests.json');
const SHARED_FOLDER = 'the shared folder (HELM-made conformance vectors, real data samples)';

/** vitest on the fixture folder in a child process, with the preset's reporters, as turbo runs a package. */
async function runFixture(sharedDirectory: string): Promise<string> {
  const vitest = join(packageRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [vitest, 'run'], {
    cwd: fixture,
    env: { ...process.env, MEDHELM_SHARED_DIR: sharedDirectory, NO_COLOR: '1' },
  });
  return stdout;
}

interface Report {
  modules: Array<{ file: string; missing: Record<string, string>; skipped: unknown[] }>;
}
const readReport = () => JSON.parse(readFileSync(report, 'utf8')) as Report;

afterEach(() => rmSync(report, { force: true }));

describe('the summary of skipped tests at the end of a test run (@medhelm/vitest-config)', () => {
  it('names the files that ran without the shared folder, why, and what they skipped; then other skips', {
    timeout: 60_000,
  }, async () => {
    const stdout = await runFixture('/nonexistent/shared');
    expect(stdout.slice(stdout.indexOf('Ran without')).trimEnd().split('\n')).toEqual([
      `Ran without ${SHARED_FOLDER}: MEDHELM_SHARED_DIR=/nonexistent/shared does not exist (set MEDHELM_SHARED_DIR to the folder that holds conformance/ and data/, or put it beside the checkout as ../shared). In 1 test file(s):`,
      '    needs-shared.fixture-test.ts:',
      '      - against the shared vectors (2 tests)',
      'Skipped for other reasons (see each title) in 1 test file(s):',
      '    needs-nothing.fixture-test.ts:',
      '      - skipped for a reason of its own (1 test)',
    ]);
    // The same, as the file that scripts/skipped-tests.mjs gathers at the end of `npm test`.
    expect(readReport().modules).toEqual([
      {
        file: 'needs-nothing.fixture-test.ts',
        missing: {},
        skipped: [{ name: 'skipped for a reason of its own', tests: 1 }],
      },
      {
        file: 'needs-shared.fixture-test.ts',
        missing: {
          [SHARED_FOLDER]: expect.stringContaining('MEDHELM_SHARED_DIR=/nonexistent/shared does not exist'),
        },
        skipped: [{ name: 'against the shared vectors', tests: 2 }],
      },
    ]);
  });

  it('says nothing of the shared folder when it is there', { timeout: 60_000 }, async () => {
    const stdout = await runFixture(packageRoot);
    expect(stdout).not.toContain('Ran without');
    expect(readReport().modules.map((module) => module.file)).toEqual(['needs-nothing.fixture-test.ts']);
  });
});
