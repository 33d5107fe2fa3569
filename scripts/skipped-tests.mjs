#!/usr/bin/env node
// The end of `npm test`: which tests did not run and why, across every package. Each package's
// test run leaves `.skipped-tests.json` (@medhelm/vitest-config's SkippedTestsReporter; a turbo
// output, so a cached run restores it); this prints them together, grouped by what was missing
// (the shared folder's files that may not be redistributed, a Redis; bundled HELM vectors only in a
// run declared partial with MEDHELM_PARTIAL_FIDELITY=1), so a contributor without them sees what did
// not run instead of a bare count per package.
// Usage: node scripts/skipped-tests.mjs   (after the tests; part of `npm run check`)
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatSkippedTests, SKIPPED_TESTS_FILE } from '../tooling/vitest-config/skipped-tests-reporter.mjs';
import { root, workspaceFolders } from './workspace-packages.mjs';

const modules = [];
let reports = 0;
for (const folder of workspaceFolders()) {
  const file = join(folder, SKIPPED_TESTS_FILE);
  if (!existsSync(file)) continue;
  reports++;
  for (const module of JSON.parse(readFileSync(file, 'utf8')).modules) {
    modules.push({ ...module, file: relative(root, join(folder, module.file)) });
  }
}

if (reports === 0) {
  console.log('skipped-tests: no test report found (run the tests first: npm test).');
} else if (modules.length === 0) {
  console.log(`skipped-tests: every test of the ${reports} packages with tests ran; nothing was skipped.`);
} else {
  console.log(
    `\nWhat the tests of ${reports} packages did not run, and why:\n${formatSkippedTests(modules)}`,
  );
}
