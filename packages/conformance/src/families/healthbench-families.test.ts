import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../run-conformance.ts';
import { runFamilyFile } from '../run-family.ts';
import { healthBenchFamilies } from './healthbench-families.ts';
import { conformanceFamilies } from './index.ts';

// The HealthBench vectors made by running simple-evals' own code, bundled in @medhelm/fidelity-vectors.
const vectorFiles = healthBenchFamilies.map((family) =>
  join('conformance-healthbench', `${family.name}.jsonl`),
);
const fidelityDirectory = findFidelityDirectory([...vectorFiles, 'data/healthbench']);

describe.skipIf(fidelityDirectory === undefined)('HealthBench families reproduce simple-evals', () => {
  const root = fidelityDirectory ?? '';

  for (const family of healthBenchFamilies) {
    it(`${family.name}.jsonl`, async () => {
      const result = await runFamilyFile(
        family,
        join(root, 'conformance-healthbench', `${family.name}.jsonl`),
        {
          dataRoot: join(root, 'data'),
        },
      );
      expect(result.failures).toEqual([]);
      expect(result.passed).toBeGreaterThan(0);
    });
  }

  it('recognises the folder by its file names, as medhelm conformance does', async () => {
    const report = await runConformance({
      vectorsDirectory: join(root, 'conformance-healthbench'),
      dataRoot: join(root, 'data'),
      families: conformanceFamilies,
      benchmarks: new Map(),
    });
    expect(report.notUnderstood).toEqual([]);
    expect(report.results.map((result) => result.family)).toEqual([
      'aggregate',
      'example_scores',
      'grader_prompts',
      'parse_grader_reply',
      'select_examples',
    ]);
    expect({ passed: report.passed, failed: report.failed }).toEqual({ passed: 407, failed: 0 });
  });

  it('fails a select_examples case without --data-root, naming the option', async () => {
    const result = await runFamilyFile(
      healthBenchFamilies.find((family) => family.name === 'select_examples')!,
      join(root, 'conformance-healthbench', 'select_examples.jsonl'),
    );
    expect(result.failures[0]?.message).toMatch(/--data-root/);
  });
});
