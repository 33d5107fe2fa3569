import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DatasetLoadError } from '@medhelm/core';
import { createSampleLoadContext, describeBenchmarkContract, loadBenchmarkInstances } from '@medhelm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { clinicalMcqBenchmark, plugin } from './index.ts';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

// The contract every MedHELM benchmark runs: manifest, registration checks, valid instances and
// requests, an oracle answer scoring the maximum and a wrong one below it.
describeBenchmarkContract(clinicalMcqBenchmark, {
  packageJsonPath: join(packageDirectory, 'package.json'),
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('clinical_mcq data', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'clinical-mcq-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reads the eight questions shipped in the package, each with one correct option', async () => {
    const instances = await loadBenchmarkInstances(clinicalMcqBenchmark);
    expect(instances.map((instance) => instance.id)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
      'q8',
    ]);
    expect(instances[0]?.references.filter((ref) => ref.tags.includes('correct'))).toEqual([
      { output: { text: 'Vitamin C' }, tags: ['correct'] },
    ]);
  });

  it('names the file, line and field of a malformed line', async () => {
    writeFileSync(join(scratch, 'questions.jsonl'), '{"id":"x","question":"Q?","options":["a","b"]}\n');
    const error = await loadBenchmarkInstances(clinicalMcqBenchmark, { dataDirectory: scratch }).catch(
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/questions\.jsonl.*line 1.*answer/s);
  });
});

// End to end as a user runs it: the built `medhelm` CLI loads the built plugin from a run config
// and runs it with the baseline model, which always answers "A". No --sample and no network: the
// questions ship in the package. Two of the eight questions list the right answer first.
describe('clinical_mcq run end to end', () => {
  const project = mkdtempSync(join(tmpdir(), 'clinical-mcq-run-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('runs with baseline:first-option and scores exact_match 2/8', async () => {
    const runner = dirname(createRequire(import.meta.url).resolve('@medhelm/runner/package.json'));
    writeFileSync(
      join(project, 'medhelm.config.yaml'),
      `plugins:\n  - ${JSON.stringify(join(packageDirectory, 'dist', 'index.mjs'))}\n`,
    );
    mkdirSync(join(project, 'out'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(runner, 'dist', 'cli.mjs'),
        'run',
        ...['--config', 'medhelm.config.yaml', '--benchmarks', 'clinical_mcq'],
        ...['--models', 'baseline:first-option', '--suite', 'example', '--output-path', 'out'],
      ],
      { cwd: project, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(stdout).toMatch(/clinical_mcq\s+baseline\/first-option\s+8\/8\s+exact_match\s+0\.250/);

    const suite = join(project, 'out', 'runs', 'example');
    const [run] = readdirSync(suite, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const read = (file: string) => JSON.parse(readFileSync(join(suite, run!.name, file), 'utf8'));
    const stats = read('stats.json') as Array<{ name: { name: string; split: string }; mean: number }>;
    expect(stats.find((stat) => stat.name.name === 'exact_match' && stat.name.split === 'test')?.mean).toBe(
      0.25,
    );
    // The model answered the letter; HELM's output mapping turned it into the option's text.
    const states = read('scenario_state.json').request_states as Array<{
      instance: { id: string };
      output_mapping: Record<string, string>;
      result: { completions: Array<{ text: string }> };
    }>;
    const q2 = states.find((state) => state.instance.id === 'q2');
    expect(q2?.result.completions[0]?.text).toBe('A');
    expect(q2?.output_mapping).toEqual({ A: 'Liver', B: 'Pancreas', C: 'Kidney', D: 'Spleen' });
    const exactMatch = Object.fromEntries(
      (
        read('per_instance_stats.json') as Array<{
          instance_id: string;
          stats: Array<{ name: { name: string }; sum: number }>;
        }>
      ).map((entry) => [
        entry.instance_id,
        entry.stats.find((stat) => stat.name.name === 'exact_match')?.sum,
      ]),
    );
    expect(exactMatch).toEqual({ q1: 1, q2: 0, q3: 0, q4: 0, q5: 1, q6: 0, q7: 0, q8: 0 });
  }, 120_000);
});
