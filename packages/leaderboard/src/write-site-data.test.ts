import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SiteInstance, SiteRun, SiteRunIndex } from './site-data.ts';
import { writeSiteData } from './write-site-data.ts';

const stat = (name: string, mean: number) => ({
  name: { name, split: 'test' },
  count: 1,
  sum: mean,
  sum_squared: mean * mean,
  mean,
});

const NAME = 'pubmed_qa:model=org_a';

/** A run of ours with five instances; the jury verdicts of id1 disagree and one judge is invalid. */
function writeRun(suite: string): void {
  const directory = join(suite, NAME);
  mkdirSync(directory, { recursive: true });
  const values = [1, 0, 1, 1, 0];
  const write = (file: string, value: unknown) => writeFileSync(join(directory, file), JSON.stringify(value));
  write('run_spec.json', { name: NAME, adapter_spec: { model: 'org/a' }, groups: ['pubmed_qa'] });
  write('stats.json', [
    stat('exact_match', 0.6),
    {
      ...stat('exact_match', 0.5),
      name: { name: 'exact_match', split: 'test', perturbation: { name: 'typos' } },
    },
  ]);
  write('medhelm_run.json', {
    benchmark: 'pubmed_qa',
    access: 'gated',
    headline: { name: 'exact_match', split: 'test' },
    data: { source: 'sample', invented: true },
    jury_replies: { total: 15, invalid: 1, limit: 0.1, judges: {} },
  });
  write(
    'per_instance_stats.json',
    values.map((value, position) => ({
      instance_id: `id${position}`,
      train_trial_index: 0,
      stats: [stat('exact_match', value)],
    })),
  );
  write('scenario_state.json', {
    adapter_spec: {},
    request_states: values.map((_value, position) => ({
      instance: {
        id: `id${position}`,
        split: 'test',
        input: { text: `question ${position}` },
        references: [
          { output: { text: 'yes' }, tags: ['correct'] },
          { output: { text: 'no' }, tags: [] },
        ],
      },
      train_trial_index: 0,
      request: { prompt: `prompt ${position}` },
      result: { success: true, completions: [{ text: position % 2 ? 'B' : 'A' }] },
      ...(position === 1
        ? {
            annotations: {
              pubmed_qa: {
                prompt_text: 'judge prompt',
                gpt: { accuracy: { score: 5, explanation: 'right' } },
                claude: { accuracy: { score: 2, explanation: 'wrong' } },
                _medhelm: {
                  judges: { llama: { valid: false, reason: 'malformed JSON', callFailed: false } },
                },
              },
            },
          }
        : {}),
    })),
  });
}

describe('writeSiteData', () => {
  const output = mkdtempSync(join(tmpdir(), 'medhelm-site-data-'));
  writeRun(join(output, 'runs', 's'));
  const read = <T>(site: string, path: string) =>
    JSON.parse(readFileSync(join(site, 'data', path), 'utf8')) as T;

  it('writes the leaderboard, the run index, run.json and the instances in pages', async () => {
    const site = mkdtempSync(join(tmpdir(), 'medhelm-site-'));
    await writeSiteData({ outputPath: output, suite: 's', site, pageSize: 2 });
    expect(read<{ suite: string }>(site, 'leaderboard.json').suite).toBe('s');
    const index = read<SiteRunIndex>(site, 'runs.json');
    expect(index).toEqual({
      suite: 's',
      metrics_only: false,
      runs: [
        {
          name: NAME,
          path: 'run-0',
          model: 'org/a',
          benchmarks: ['pubmed_qa'],
          access: 'gated',
          caveats: {
            invented_data: true,
            unstated_sample: false,
            judge_replies: { total: 15, invalid: 1, invalid_share: 1 / 15 },
          },
          instances: 5,
        },
      ],
    });
    const run = read<SiteRun>(site, 'runs/run-0/run.json');
    expect(run.headline).toEqual({ metric: 'exact_match', split: 'test' });
    // The run page's banners: invented data, and the judge replies HELM could not use.
    expect(run.caveats).toEqual(index.runs[0]?.caveats);
    expect(run.stats.map((entry) => [entry.perturbation, entry.value])).toEqual([
      [null, 0.6],
      ['typos', 0.5],
    ]);
    expect(run.instance_pages?.pages).toBe(3);
    expect(run.instance_pages?.index.map((entry) => entry.headline)).toEqual([1, 0, 1, 1, 0]);
    expect(run.instance_pages?.index[1]).toEqual({
      id: 'id1',
      headline: 0,
      judge_spread: 3,
      invalid_judges: 1,
    });
    expect(readdirSync(join(site, 'data', 'runs', 'run-0')).sort()).toEqual([
      'instances-0.js',
      'instances-0.json',
      'instances-1.js',
      'instances-1.json',
      'instances-2.js',
      'instances-2.json',
      'run.js',
      'run.json',
    ]);
    const [first, second] = read<SiteInstance[]>(site, 'runs/run-0/instances-0.json');
    expect(first).toMatchObject({
      id: 'id0',
      input: 'question 0',
      prompt: 'prompt 0',
      completion: 'A',
      references: [
        { text: 'yes', correct: true },
        { text: 'no', correct: false },
      ],
      headline: 1,
      judges: [],
    });
    expect(second?.judges).toEqual([
      {
        annotator: 'pubmed_qa',
        judge: 'gpt',
        valid: true,
        reason: null,
        scores: [{ criterion: 'accuracy', score: 5, explanation: 'right' }],
      },
      {
        annotator: 'pubmed_qa',
        judge: 'claude',
        valid: true,
        reason: null,
        scores: [{ criterion: 'accuracy', score: 2, explanation: 'wrong' }],
      },
      { annotator: 'pubmed_qa', judge: 'llama', valid: false, reason: 'malformed JSON', scores: [] },
    ]);
    expect(read<SiteInstance[]>(site, 'runs/run-0/instances-2.json').map((instance) => instance.id)).toEqual([
      'id4',
    ]);
  });

  it('writes beside each JSON file a script that gives the page the same value (for file://)', async () => {
    const site = mkdtempSync(join(tmpdir(), 'medhelm-site-'));
    await writeSiteData({ outputPath: output, suite: 's', site, pageSize: 2 });
    // The scripts run one after the other in one page, as the viewer's <script src> tags run them.
    const page: { __MEDHELM_SITE_DATA__?: Record<string, unknown> } = {};
    const paths = ['leaderboard.json', 'runs.json', 'runs/run-0/run.json', 'runs/run-0/instances-1.json'];
    for (const path of paths) {
      const script = readFileSync(join(site, 'data', path.replace(/\.json$/, '.js')), 'utf8');
      runInNewContext(script, page);
    }
    for (const path of paths) {
      expect(page.__MEDHELM_SITE_DATA__?.[path], path).toEqual(read(site, path));
    }
  });

  it('leaves out per-instance data with metricsOnly', async () => {
    const site = mkdtempSync(join(tmpdir(), 'medhelm-site-'));
    await writeSiteData({ outputPath: output, suite: 's', site, metricsOnly: true });
    const run = read<SiteRun>(site, 'runs/run-0/run.json');
    expect(run.instance_pages).toBeNull();
    expect(run.instances).toBe(5);
    expect(run.stats[0]?.value).toBe(0.6);
    expect(read<SiteRunIndex>(site, 'runs.json').metrics_only).toBe(true);
    expect(readdirSync(join(site, 'data', 'runs', 'run-0')).sort()).toEqual(['run.js', 'run.json']);
  });
});
