import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareModels } from './compare-models.ts';
import { comparisonTable } from './comparison-tables.ts';
import { scoresTable } from './leaderboard-tables.ts';
import { renderLeaderboardCsv, renderLeaderboardMarkdown } from './render-leaderboard.ts';
import { summarizeSuite } from './summarize-suite.ts';

const stat = (name: string, mean: number) => ({
  name: { name, split: 'test' },
  count: 1,
  sum: mean,
  sum_squared: mean * mean,
  mean,
});

/**
 * Writes a run directory by hand: run_spec.json, stats.json, per_instance_stats.json (two
 * instances at `value`) and, unless `report` is undefined (a HELM-written run), medhelm_run.json.
 */
function writeRun(
  suite: string,
  benchmark: string,
  metric: string,
  model: string,
  value: number,
  report: Record<string, unknown> | undefined,
): void {
  const name = `${benchmark}:model=${model.replace('/', '_')}`;
  const directory = join(suite, name);
  mkdirSync(directory, { recursive: true });
  const write = (file: string, json: unknown) => writeFileSync(join(directory, file), JSON.stringify(json));
  write('run_spec.json', { name, adapter_spec: { model }, groups: [benchmark] });
  write('stats.json', [stat(metric, value)]);
  write(
    'per_instance_stats.json',
    ['id0', 'id1'].map((id) => ({ instance_id: id, train_trial_index: 0, stats: [stat(metric, value)] })),
  );
  if (report !== undefined) {
    write('medhelm_run.json', { benchmark, headline: { name: metric, split: 'test' }, ...report });
  }
}

const JURY_REPLIES = {
  total: 15,
  invalid: 3,
  limit: 0.1,
  judges: {
    gpt: { total: 5, invalid: 3, first_invalid_reason: 'no JSON object in the reply' },
    llama: { total: 5, invalid: 0 },
    claude: { total: 5, invalid: 0 },
  },
};

/** A suite with every kind of run: invented, real, unstated, old (no `data`), HELM-written. */
function writeSuite(): string {
  const output = mkdtempSync(join(tmpdir(), 'medhelm-caveats-'));
  const suite = join(output, 'runs', 's');
  writeRun(suite, 'medication_qa', 'medication_qa_accuracy', 'openai/gpt-4o', 0.8, {
    data: { source: 'sample', invented: true },
    jury_replies: JURY_REPLIES,
    // A jury benchmark with no valid reply has no corrected value; summarize reads on.
    headline: {
      name: 'medication_qa_accuracy',
      split: 'test',
      corrected: { name: 'x', split: 'test', value: null },
    },
  });
  writeRun(suite, 'medication_qa', 'medication_qa_accuracy', 'org/real', 0.7, {
    data: { source: 'download', invented: false },
    jury_replies: { total: 12, invalid: 0, limit: 0.1, judges: {} },
  });
  writeRun(suite, 'pubmed_qa', 'exact_match', 'openai/gpt-4o', 0.6, {
    data: { source: 'sample', invented: false },
    jury_replies: null,
  });
  writeRun(suite, 'pubmed_qa', 'exact_match', 'org/real', 0.5, {
    data: { source: 'sample', invented: null },
  });
  // Written before medhelm_run.json recorded data and judge replies.
  writeRun(suite, 'pubmed_qa', 'exact_match', 'org/old', 0.4, {});
  writeRun(suite, 'pubmed_qa', 'exact_match', 'org/helm', 0.3, undefined);
  return output;
}

describe('the caveats of a headline (invented data, invalid judge replies)', () => {
  const output = writeSuite();

  it('are carried per leaderboard cell; runs that record nothing have none', async () => {
    const leaderboard = await summarizeSuite({ outputPath: output, suite: 's', resamples: 10 });
    const caveats = (model: string, benchmark: string) =>
      leaderboard.models.find((row) => row.model === model)?.scores[benchmark]?.caveats;
    expect(caveats('openai/gpt-4o', 'medication_qa')).toEqual({
      invented_data: true,
      unstated_sample: false,
      judge_replies: { total: 15, invalid: 3, invalid_share: 0.2 },
    });
    expect(caveats('org/real', 'medication_qa')).toEqual({
      invented_data: false,
      unstated_sample: false,
      judge_replies: { total: 12, invalid: 0, invalid_share: 0 },
    });
    expect(caveats('org/real', 'pubmed_qa')).toEqual({
      invented_data: false,
      unstated_sample: true,
      judge_replies: null,
    });
    for (const model of ['openai/gpt-4o', 'org/old', 'org/helm']) {
      expect(caveats(model, 'pubmed_qa'), model).toEqual({
        invented_data: false,
        unstated_sample: false,
        judge_replies: null,
      });
    }
  });

  it('mark the headline in the scores table, with a note naming each marked cell', async () => {
    const leaderboard = await summarizeSuite({ outputPath: output, suite: 's', resamples: 10 });
    const table = scoresTable(leaderboard);
    const value = (benchmark: string, model: string) =>
      table.rows.find((row) => row[0] === benchmark && row[2] === model)?.[4];
    // The marks are padded to one width, so the numbers of the right-aligned column line up.
    expect(value('medication_qa', 'openai/gpt-4o')).toBe('0.800†!');
    expect(value('medication_qa', 'org/real')).toBe('0.700  ');
    expect(value('pubmed_qa', 'org/real')).toBe('0.500? ');
    expect(value('pubmed_qa', 'openai/gpt-4o')).toBe('0.600  ');
    expect(value('pubmed_qa', 'org/helm')).toBe('0.300  ');
    expect(table.notes).toEqual([
      "† medication_qa / openai/gpt-4o: invented sample data; the score says nothing about the model's real performance",
      '! medication_qa / openai/gpt-4o: 3 of 15 judge replies invalid (20%); HELM scores such instances 1.0',
      '? pubmed_qa / org/real: a bundled sample whose plugin does not say whether it is invented',
    ]);
    const markdown = renderLeaderboardMarkdown(leaderboard);
    expect(markdown).toContain('| 0.800†! |');
    expect(markdown).toContain('| 0.700   |');
    // The notes follow the scores table as a list.
    expect(markdown).toContain('|\n\n- † medication_qa / openai/gpt-4o: invented sample data;');
    expect(markdown).toContain(
      '\n- ! medication_qa / openai/gpt-4o: 3 of 15 judge replies invalid (20%); HELM scores such instances 1.0\n',
    );
  });

  it('are columns of leaderboard.csv', async () => {
    const leaderboard = await summarizeSuite({ outputPath: output, suite: 's', resamples: 10 });
    const [header, ...rows] = renderLeaderboardCsv(leaderboard)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const row = (model: string, benchmark: string) =>
      rows.find((cells) => cells[0] === model && cells[column('benchmark')] === benchmark) ?? [];
    const caveatColumns = [
      'invented_data',
      'unstated_sample',
      'judge_replies',
      'judge_replies_invalid',
      'judge_replies_invalid_share',
    ];
    expect(header?.slice(-5)).toEqual(caveatColumns);
    const cells = (model: string, benchmark: string) =>
      caveatColumns.map((name) => row(model, benchmark)[column(name)]);
    expect(cells('openai/gpt-4o', 'medication_qa')).toEqual(['true', 'false', '15', '3', '0.2']);
    expect(cells('org/real', 'pubmed_qa')).toEqual(['false', 'true', '', '', '']);
    expect(cells('org/helm', 'pubmed_qa')).toEqual(['false', 'false', '', '', '']);
  });

  it('mark each model’s mean in compare, with the same notes', async () => {
    const comparison = await compareModels({
      outputPath: output,
      suite: 's',
      modelA: 'openai/gpt-4o',
      modelB: 'org/real',
    });
    const medication = comparison.benchmarks.find((entry) => entry.benchmark === 'medication_qa');
    expect(medication?.caveats_a.invented_data).toBe(true);
    expect(medication?.caveats_b.invented_data).toBe(false);
    const table = comparisonTable(comparison);
    expect(table.rows.map((row) => [row[0], row[3], row[4]])).toEqual([
      ['medication_qa', '0.800†!', '0.700 '],
      ['pubmed_qa', '0.600  ', '0.500?'],
    ]);
    expect(table.notes).toEqual([
      "† medication_qa / openai/gpt-4o: invented sample data; the score says nothing about the model's real performance",
      '! medication_qa / openai/gpt-4o: 3 of 15 judge replies invalid (20%); HELM scores such instances 1.0',
      '? pubmed_qa / org/real: a bundled sample whose plugin does not say whether it is invented',
    ]);
  });
});
