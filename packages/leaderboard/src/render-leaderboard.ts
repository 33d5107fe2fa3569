import type { Leaderboard } from './leaderboard.ts';
import { type DisplayTable, modelsTable, scoresTable } from './leaderboard-tables.ts';

/** leaderboard.md: the models table and the scores table, in GitHub-flavoured Markdown. */
export function renderLeaderboardMarkdown(leaderboard: Leaderboard): string {
  return [
    `# Leaderboard: suite ${leaderboard.suite}`,
    '',
    ...provenanceLines(leaderboard).flatMap((line) => [line, '']),
    'Mean win rate as HELM computes it (ties count one half). 95% CI: percentile bootstrap over instances (1,000 seeded resamples). Cost: what the suite’s cost ledger recorded as spent; `?` when a price is unknown.',
    '',
    markdownTable(modelsTable(leaderboard)),
    '',
    '## Scores',
    '',
    markdownTable(scoresTable(leaderboard)),
    '',
  ].join('\n');
}

function markdownTable(table: DisplayTable): string {
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const rule = table.header.map((_, index) => (table.numeric.includes(index) ? '---:' : '---'));
  const lines = [line(table.header), `|${rule.join('|')}|`, ...table.rows.map(line)];
  // The notes as a list under the table (a blank line ends the table).
  const notes = table.notes ?? [];
  return notes.length === 0
    ? lines.join('\n')
    : [...lines, '', ...notes.map((note) => `- ${note}`)].join('\n');
}

const CSV_HEADER = [
  'model',
  'mean_win_rate',
  'benchmark',
  'category',
  'category_mean_win_rate',
  'metric',
  'split',
  'value',
  'ci95_low',
  'ci95_high',
  'corrected_metric',
  'corrected_value',
  'instances',
  'jury_invalid_replies',
  'jury_agreement',
  'candidate_prompt_tokens',
  'candidate_completion_tokens',
  'candidate_tokens_estimated',
  'candidate_usd',
  'jury_prompt_tokens',
  'jury_completion_tokens',
  'jury_usd',
  // The score's caveats (last, so that the columns before keep their places).
  'invented_data',
  'unstated_sample',
  'judge_replies',
  'judge_replies_invalid',
  'judge_replies_invalid_share',
];

/**
 * leaderboard.csv: one row per model and benchmark, with the model's win rates and cost repeated
 * on each of its rows, numbers at full precision, empty where unknown (RFC 4180 quoting).
 */
export function renderLeaderboardCsv(leaderboard: Leaderboard): string {
  const rows = leaderboard.benchmarks.flatMap((column) =>
    leaderboard.models.flatMap((model) => {
      const score = model.scores[column.name];
      if (score === undefined) return [];
      const { candidate, jury } = model.cost;
      return [
        [
          model.model,
          model.mean_win_rate,
          column.name,
          column.category,
          column.category === null ? null : (model.categories[column.category]?.mean_win_rate ?? null),
          score.metric,
          score.split,
          score.value,
          score.ci95?.[0] ?? null,
          score.ci95?.[1] ?? null,
          score.corrected?.metric ?? null,
          score.corrected?.value ?? null,
          score.instances,
          score.jury?.invalid_replies ?? null,
          score.jury?.agreement ?? null,
          candidate.prompt_tokens,
          candidate.completion_tokens,
          String(candidate.tokens_estimated),
          candidate.usd,
          jury.prompt_tokens,
          jury.completion_tokens,
          jury.usd,
          String(score.caveats.invented_data),
          String(score.caveats.unstated_sample),
          score.caveats.judge_replies?.total ?? null,
          score.caveats.judge_replies?.invalid ?? null,
          score.caveats.judge_replies?.invalid_share ?? null,
        ],
      ];
    }),
  );
  return `${[CSV_HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * What produced a leaderboard's runs, in a sentence or two: the releases, the runs of no release or
 * without provenance, and what differs when runs were mixed on request (`--mix-releases`).
 */
export function provenanceLines(leaderboard: Leaderboard): string[] {
  const provenance = leaderboard.provenance;
  if (provenance === undefined) return [];
  const parts = [
    provenance.releases.length === 0
      ? 'No run belongs to a release'
      : `Runs of ${provenance.releases.length === 1 ? 'release' : 'releases'} ${provenance.releases.join(', ')}`,
    ...(provenance.runs_outside_releases === 0
      ? []
      : [
          `${provenance.runs_outside_releases} run${provenance.runs_outside_releases === 1 ? '' : 's'} of no release (user-defined benchmarks, opt-in variants)`,
        ]),
    ...(provenance.runs_without_provenance === 0
      ? []
      : [
          `${provenance.runs_without_provenance} run${provenance.runs_without_provenance === 1 ? '' : 's'} recording no provenance (HELM-written or older)`,
        ]),
  ];
  return [
    `${parts.join('; ')}.`,
    ...(provenance.mixed.length === 0
      ? []
      : [
          `Mixed on request (--mix-releases), so not all numbers mean the same: ${provenance.mixed.join('; ')}.`,
        ]),
  ];
}
