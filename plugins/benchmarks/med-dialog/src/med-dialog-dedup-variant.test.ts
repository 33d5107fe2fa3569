import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkV1, Instance } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedDialogBenchmark } from './med-dialog-benchmark.ts';
import { medDialogDedupVariant } from './med-dialog-dedup-variant.ts';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'med-dialog-dedup-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A hand-written test.json in MedDialog's format: the second and fourth dialogues repeat the first. */
const EXAMPLES = [
  { src: 'Patient: I have a cough. Doctor: Since when?', tgt: 'A cough.' },
  { src: 'Patient: I have a cough. Doctor: Since when?', tgt: 'A cough, again.' },
  { src: 'Patient: My knee hurts. Doctor: Rest it.', tgt: 'Knee pain.' },
  { src: 'Patient: I have a cough. Doctor: Since when?', tgt: 'A third cough.' },
  { src: 'Patient: I have a cough.', tgt: 'A shorter cough.' },
];

async function inputsAndSummaries(benchmark: BenchmarkV1): Promise<string[]> {
  const path = join(directory, 'test.json');
  await writeFile(path, JSON.stringify({ data: EXAMPLES }));
  const instances: Instance[] = [];
  for await (const instance of benchmark.dataset.load({ resolveFile: async () => path }))
    instances.push(instance);
  return instances.map((instance) => instance.references[0]?.output.text ?? '');
}

describe("med_dialog's dedup variant (HELM PR #4342)", () => {
  const helm = createMedDialogBenchmark({ subset: 'icliniq' });

  it('is declared on the benchmark, and without it every repeated dialogue is read, as HELM reads it', async () => {
    expect(helm.variants).toEqual([medDialogDedupVariant]);
    expect(await inputsAndSummaries(helm)).toEqual([
      'A cough.',
      'A cough, again.',
      'Knee pain.',
      'A third cough.',
      'A shorter cough.',
    ]);
  });

  it('keeps the first of each dialogue in file order; a dialogue that only starts alike stays', async () => {
    const deduplicated = medDialogDedupVariant.apply(helm);
    expect(await inputsAndSummaries(deduplicated)).toEqual(['A cough.', 'Knee pain.', 'A shorter cough.']);
  });

  it('adds dedup: true to the scenario args, as the PR’s scenario spec does, and keeps the rest', () => {
    const deduplicated = medDialogDedupVariant.apply(helm);
    expect(deduplicated.helm.scenarioArgs).toEqual({ subset: 'icliniq', dedup: true });
    expect(deduplicated.helm.runSpecName).toBe(helm.helm.runSpecName);
    expect(helm.helm.scenarioArgs).toEqual({ subset: 'icliniq' });
    expect([deduplicated.id, deduplicated.version, deduplicated.mainMetric]).toEqual([
      helm.id,
      helm.version,
      helm.mainMetric,
    ]);
    expect(deduplicated.prompt).toBe(helm.prompt);
    expect(deduplicated.annotators).toBe(helm.annotators);
  });
});
