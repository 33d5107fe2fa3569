import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { readCases } from '../read-cases.ts';
import { runConformance } from '../run-conformance.ts';
import { runFamilyFile } from '../run-family.ts';
import { healthBenchFamilies } from './healthbench-families.ts';
import { conformanceFamilies as allFamilies } from './index.ts';

// HELM's families; HealthBench's (OpenAI-made, in their own folder) are checked by
// healthbench-families.test.ts against the bundled set.
const conformanceFamilies = allFamilies.filter((family) => !healthBenchFamilies.includes(family));

// A few HELM vectors of every family, copied verbatim from the bundled set (@medhelm/fidelity-vectors,
// see the README in that folder): a quick check of every family against HELM's outputs.
const inlinedDirectory = join(import.meta.dirname, '..', '__fixtures__', 'helm-vectors');
const inlinedFiles = readdirSync(inlinedDirectory)
  .filter((name) => name.endsWith('.jsonl'))
  .sort();
const fidelityDirectory = findFidelityDirectory([
  ...inlinedFiles.map((file) => join('conformance', file)),
  'conformance/ehr_sql.sqlite',
]);
// ehr_sql starts a SQL sandbox child process (from source, under tsx, in tests): on a loaded machine
// its start alone can take many seconds (the sandbox allows 30 s), as in the sandbox's own tests.
const SANDBOX_TEST_TIMEOUT_MS = 60_000;

function caseCount(family: string): number {
  return readCases(join(inlinedDirectory, `${family}.jsonl`)).length;
}

describe('every registered family reproduces the HELM vectors inlined in this package', () => {
  it('inlines 3 to 8 vectors of every registered family, and of no other', () => {
    expect(inlinedFiles).toEqual(conformanceFamilies.map((family) => `${family.name}.jsonl`).sort());
    for (const family of conformanceFamilies) {
      expect(caseCount(family.name), family.name).toBeGreaterThanOrEqual(3);
      expect(caseCount(family.name), family.name).toBeLessThanOrEqual(8);
    }
  });

  for (const family of conformanceFamilies) {
    it(`${family.name}.jsonl`, { timeout: SANDBOX_TEST_TIMEOUT_MS }, async () => {
      const result = await runFamilyFile(family, join(inlinedDirectory, `${family.name}.jsonl`));
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(caseCount(family.name));
    });
  }

  it('passes as a whole folder through runConformance, the runner behind `medhelm conformance`', {
    timeout: SANDBOX_TEST_TIMEOUT_MS,
  }, async () => {
    const report = await runConformance({
      vectorsDirectory: inlinedDirectory,
      families: conformanceFamilies,
      benchmarks: new Map(),
    });
    expect(report.notUnderstood).toEqual([]);
    expect(report.results.flatMap((result) => result.failures)).toEqual([]);
    expect(report.results.map((result) => result.family).sort()).toEqual(
      conformanceFamilies.map((family) => family.name).sort(),
    );
    expect(report.passed).toBe(
      conformanceFamilies.reduce((total, family) => total + caseCount(family.name), 0),
    );
  });
});

describe.skipIf(fidelityDirectory === undefined)('the inlined vectors are copies of the bundled set', () => {
  const bundledConformance = join(fidelityDirectory ?? '', 'conformance');

  it.each(inlinedFiles)('%s: every line is a line of the bundled file, in its order', (file) => {
    const bundledLines = readFileSync(join(bundledConformance, file), 'utf8').split('\n');
    let previous = -1;
    for (const line of readFileSync(join(inlinedDirectory, file), 'utf8').split('\n')) {
      if (line === '') continue;
      const index = bundledLines.indexOf(line, previous + 1);
      expect(index, `${file}: ${line.slice(0, 80)}`).toBeGreaterThan(previous);
      previous = index;
    }
  });

  it('ehr_sql.sqlite is the bundled database, byte for byte', () => {
    expect(readFileSync(join(inlinedDirectory, 'ehr_sql.sqlite'))).toEqual(
      readFileSync(join(bundledConformance, 'ehr_sql.sqlite')),
    );
  });
});
