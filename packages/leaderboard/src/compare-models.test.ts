import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareModels } from './compare-models.ts';

const stat = (name: string, mean: number) => ({
  name: { name, split: 'test' },
  count: 1,
  sum: mean,
  sum_squared: mean * mean,
  mean,
});

/** Writes a minimal HELM run directory: run_spec.json, stats.json and per_instance_stats.json. */
function writeRun(suite: string, model: string, values: Record<string, number>): void {
  const name = `pubmed_qa:model=${model.replace('/', '_')}`;
  const directory = join(suite, name);
  mkdirSync(directory, { recursive: true });
  const ids = Object.keys(values);
  const mean = ids.reduce((sum, id) => sum + (values[id] ?? 0), 0) / ids.length;
  writeFileSync(
    join(directory, 'run_spec.json'),
    JSON.stringify({
      name,
      scenario_spec: { class_name: 'PubMedQAScenario', args: {} },
      adapter_spec: { model },
      groups: ['pubmed_qa'],
    }),
  );
  writeFileSync(join(directory, 'stats.json'), JSON.stringify([stat('exact_match', mean)]));
  writeFileSync(
    join(directory, 'per_instance_stats.json'),
    JSON.stringify(
      ids.map((id) => ({
        instance_id: id,
        train_trial_index: 0,
        stats: [stat('exact_match', values[id] ?? 0)],
      })),
    ),
  );
}

describe('compareModels', () => {
  it('pairs the instances both models answered and tests their differences', async () => {
    const output = mkdtempSync(join(tmpdir(), 'medhelm-compare-'));
    const suite = join(output, 'runs', 's');
    // B did not answer id4. Paired: id0..id3. Differences A − B: 1, 1, 0, 1.
    writeRun(suite, 'org/a', { id0: 1, id1: 1, id2: 1, id3: 1, id4: 0 });
    writeRun(suite, 'org/b', { id0: 0, id1: 0, id2: 1, id3: 0 });
    const comparison = await compareModels({
      outputPath: output,
      suite: 's',
      modelA: 'org/a',
      modelB: 'org/b',
      top: 2,
    });
    const [pubmed] = comparison.benchmarks;
    // Means over the 4 pairs: A 4/4 = 1, B 1/4; difference 3/4.
    expect(pubmed).toMatchObject({
      benchmark: 'pubmed_qa',
      paired_instances: 4,
      mean_a: 1,
      mean_b: 0.25,
      mean_difference: 0.75,
      test: 'exact',
    });
    // Of the 16 sign patterns of (1, 1, 0, 1) only those with the three ones of one sign reach
    // |sum| = 3: 2 choices × 2 signs of the 0 = 4; p = 4/16.
    expect(pubmed?.p_value).toBe(0.25);
    // Three instances differ by 1; the two listed come first in id order.
    expect(
      pubmed?.top_disagreements.map((instance) => [instance.instance_id, instance.a, instance.b]),
    ).toEqual([
      ['id0', 1, 0],
      ['id1', 1, 0],
    ]);
    expect(comparison.only_a).toEqual([]);
  });

  it("compares one model's runs in two suites (a run and its rescored copy), never mixing them", async () => {
    const output = mkdtempSync(join(tmpdir(), 'medhelm-compare-suites-'));
    // The same model in both suites: the old jury's values, then the new jury's on the same ids.
    writeRun(join(output, 'runs', 'old'), 'org/a', { id0: 1, id1: 1, id2: 0 });
    writeRun(join(output, 'runs', 'new'), 'org/a', { id0: 0, id1: 1, id2: 0 });
    const comparison = await compareModels({
      outputPath: output,
      suite: 'old',
      suiteB: 'new',
      modelA: 'org/a',
      modelB: 'org/a',
    });
    expect(comparison.suite_b).toBe('new');
    expect(comparison.benchmarks).toEqual([
      expect.objectContaining({ paired_instances: 3, mean_a: 2 / 3, mean_b: 1 / 3 }),
    ]);
    expect(comparison.benchmarks[0]?.top_disagreements).toEqual([
      expect.objectContaining({ instance_id: 'id0', a: 1, b: 0 }),
    ]);
    await expect(
      compareModels({ outputPath: output, suite: 'old', suiteB: 'new', modelA: 'org/a', modelB: 'org/b' }),
    ).rejects.toThrow('Suite new has no runs of model org/b');
  });
});
