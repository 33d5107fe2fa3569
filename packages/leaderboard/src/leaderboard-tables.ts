import type { Leaderboard } from './leaderboard.ts';
import { caveatNotes, markedValues } from './score-caveats.ts';

/** A table of display strings: a header and rows, with the columns to right-align. */
export interface DisplayTable {
  header: string[];
  rows: string[][];
  /** Column indexes holding numbers. */
  numeric: number[];
  /** Lines to print under the table: what each mark in it means, per marked cell. */
  notes?: string[];
}

const fixed = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined ? '-' : value.toFixed(digits);
/** Dollars to the micro-dollar; `?` when unknown (never shown as $0). */
const usd = (value: number | null) => (value === null ? '?' : value.toFixed(6));
const count = (value: number | null) => (value === null ? '-' : String(Math.round(value)));

/**
 * The models table: rank, model, mean win rate, each category's mean win rate, then tokens and
 * dollars of the candidate and the jury, and the jury's invalid replies. Tokens end in `~` when a
 * tokenizer estimated them (as in `medhelm run`'s table).
 */
export function modelsTable(leaderboard: Leaderboard): DisplayTable {
  const categories = [
    ...new Set(
      leaderboard.benchmarks.flatMap((column) => (column.category === null ? [] : [column.category])),
    ),
  ];
  const header = [
    '#',
    'model',
    'mean win rate',
    ...categories,
    'tokens',
    'cost $',
    'jury tokens',
    'jury $',
    'jury invalid',
  ];
  const rows = leaderboard.models.map((model, index) => {
    const { candidate, jury } = model.cost;
    const tokens = (prompt: number | null, completion: number | null, estimated = false) =>
      prompt === null || completion === null
        ? '-'
        : `${Math.round(prompt + completion)}${estimated ? '~' : ''}`;
    return [
      String(index + 1),
      model.model,
      fixed(model.mean_win_rate),
      ...categories.map((category) => fixed(model.categories[category]?.mean_win_rate)),
      tokens(candidate.prompt_tokens, candidate.completion_tokens, candidate.tokens_estimated),
      usd(candidate.usd),
      tokens(jury.prompt_tokens, jury.completion_tokens),
      usd(jury.usd),
      count(jury.invalid_replies),
    ];
  });
  return { header, rows, numeric: header.map((_, index) => index).filter((index) => index !== 1) };
}

/**
 * The scores table: one row per benchmark and model (benchmarks in schema order, models in
 * leaderboard order) with the headline, its 95% CI, the corrected stat, instances and the jury's
 * invalid replies and agreement. A headline with caveats is marked (`†` invented data, `?` a sample
 * of unstated kind, `!` invalid judge replies) and the notes under the table name each such cell.
 */
export function scoresTable(leaderboard: Leaderboard): DisplayTable {
  const header = [
    'benchmark',
    'category',
    'model',
    'metric',
    'value',
    '95% CI',
    'corrected',
    'instances',
    'jury invalid',
    'agreement',
  ];
  const cells = leaderboard.benchmarks.flatMap((column) =>
    leaderboard.models.flatMap((model) => {
      const score = model.scores[column.name];
      return score === undefined ? [] : [{ column, model: model.model, score }];
    }),
  );
  const values = markedValues(
    cells.map(({ score }) => ({ value: fixed(score.value), caveats: score.caveats })),
  );
  const rows = cells.map(({ column, model, score }, index) => [
    column.name,
    column.category ?? '-',
    model,
    `${score.metric} (${score.split})`,
    values[index] as string,
    score.ci95 === null ? '-' : `${fixed(score.ci95[0])}–${fixed(score.ci95[1])}`,
    score.corrected === null ? '-' : fixed(score.corrected.value),
    count(score.instances),
    score.jury === null ? '-' : count(score.jury.invalid_replies),
    score.jury === null ? '-' : fixed(score.jury.agreement),
  ]);
  const notes = cells.flatMap(({ column, model, score }) =>
    caveatNotes(`${column.name} / ${model}`, score.caveats),
  );
  return { header, rows, numeric: [4, 5, 6, 7, 8, 9], notes };
}
