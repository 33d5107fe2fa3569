import type { CostLedgerSummary, RunOutcome } from '@medhelm/engine';
import { benchmarkLabel } from './benchmark-label.ts';
import { formatUsd } from './format-usd.ts';
import { textTable } from './text-table.ts';

/**
 * The table printed after a run: one row per run with its headline metric, our corrected
 * counterpart of it beside (`corrected`, for benchmarks whose HELM headline is known to be wrong,
 * and for juries the mean over usable judge replies; `-` otherwise) and what its model calls cost
 * in this invocation (`?`: unknown price), then the total cost. A headline computed on invented
 * data (`†`), on a sample of unknown kind (`*`) or with unusable judge replies (`!`) is marked, and
 * a note under the table says why. Under a run with extra scorers (a run config's `scorers`), one `+ <scorer>` row per
 * extra stat with its mean on the headline's split, and a line saying where their stats are.
 */
export function resultsTable(outcomes: readonly RunOutcome[]): string {
  const rows = outcomes.flatMap((outcome) => [runRow(outcome), ...extraStatRows(outcome)]);
  const table = textTable(
    [
      'benchmark',
      'model',
      'instances',
      'metric',
      'value',
      'corrected',
      'failed',
      'model/cache/resumed',
      'tokens',
      'cost $',
      'jury $',
    ],
    rows,
    new Set([2, 4, 5, 6, 8, 9, 10]),
  );
  const extra = outcomes.some((outcome) => outcome.extraStats.length > 0) ? `\n\n${EXTRA_STATS_NOTE}` : '';
  const marks = headlineMarkNotes(outcomes);
  return `${table}${extra}${marks.length === 0 ? '' : `\n\n${marks.join('\n')}`}\n\n${totalCostLine(outcomes)}`;
}

/** After a headline computed on invented rows: the data says nothing about the model. */
const INVENTED_MARK = '†';
/** After a headline computed on bundled data whose plugin does not say whether it is real. */
const UNSTATED_SAMPLE_MARK = '*';
/** After a headline whose judges' replies could not all be used (HELM leaves them out, or scores the default). */
const INVALID_JUDGE_REPLIES_MARK = '!';

/** The marks a run's headline value carries (see the notes under the table). */
function headlineMarks(outcome: RunOutcome): string {
  const data =
    outcome.data.invented === true
      ? INVENTED_MARK
      : outcome.data.invented === null
        ? UNSTATED_SAMPLE_MARK
        : '';
  const jury = (outcome.juryReplies?.invalid ?? 0) > 0 ? INVALID_JUDGE_REPLIES_MARK : '';
  return `${data}${jury}`;
}

/** One line per mark used in the table, naming the runs that carry it and why. */
function headlineMarkNotes(outcomes: readonly RunOutcome[]): string[] {
  const notes: string[] = [];
  const invented = outcomes.filter((outcome) => outcome.data.invented === true);
  if (invented.length > 0) {
    notes.push(
      `${INVENTED_MARK} invented data: ${names(invented)} ran on rows invented for the package (its bundled sample or example data); the numbers test the pipeline and say nothing about the model.${invented.some((outcome) => outcome.data.source === 'sample') ? ' Run on the real data with --data-dir, or without --sample to download it where it is public.' : ''}`,
    );
  }
  const unstated = outcomes.filter((outcome) => outcome.data.invented === null);
  if (unstated.length > 0) {
    notes.push(
      `${UNSTATED_SAMPLE_MARK} data of unknown kind: the plugin of ${names(unstated)} does not say whether the data it bundles is real (DatasetLoaderV1.sampleInvented).`,
    );
  }
  for (const outcome of outcomes) {
    const replies = outcome.juryReplies;
    if (replies === undefined || replies.invalid === 0) continue;
    const share = replies.invalid / replies.total;
    const verdict =
      share > replies.limit
        ? `over the ${percent(replies.limit)} allowed, so the run failed: --max-invalid-judge-replies`
        : `within the ${percent(replies.limit)} allowed`;
    notes.push(
      `${INVALID_JUDGE_REPLIES_MARK} ${benchmarkLabel(outcome.plan)} / ${outcome.plan.deployment.helmDeployment}: ${replies.invalid} of ${replies.total} judge replies (${percent(share)}) could not be used (${verdict}). HELM leaves them out and scores an instance with no usable reply with its default (${replies.instancesWithoutValidReply} here); "corrected" is the mean over usable replies only.`,
    );
  }
  return notes;
}

function names(outcomes: readonly RunOutcome[]): string {
  return [...new Set(outcomes.map((outcome) => benchmarkLabel(outcome.plan)))].join(', ');
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}

/** Under the table when extra scorers ran: what the `+` rows are and where the full stats are. */
const EXTRA_STATS_NOTE =
  "Rows starting with + are extra scorers' stats (run config \"scorers\"), means on the headline's split; each run directory has them after HELM's in stats.json, and per instance in per_instance_stats.json.";

/** One row per extra stat of the run: `+ <scorer id>`, the stat and its mean. */
function extraStatRows(outcome: RunOutcome): string[][] {
  return outcome.extraStats.map((stat) => [
    `  + ${stat.scorerId}`,
    '',
    '',
    stat.name,
    outcome.interrupted || stat.value === undefined ? '-' : stat.value.toFixed(3),
  ]);
}

function runRow(outcome: RunOutcome): string[] {
  return [
    benchmarkLabel(outcome.plan),
    outcome.plan.deployment.helmDeployment,
    instancesCell(outcome),
    outcome.headline.name,
    outcome.interrupted
      ? outcome.stoppedBy === 'max-cost'
        ? 'stopped'
        : 'interrupted'
      : outcome.headline.value === undefined
        ? '-'
        : `${outcome.headline.value.toFixed(3)}${headlineMarks(outcome)}`,
    correctedCell(outcome),
    String(outcome.counts.failed),
    `${outcome.counts.fromModel}/${outcome.counts.fromCache}/${outcome.counts.fromCheckpoint}`,
    tokensCell(outcome),
    `${formatUsd(outcome.cost.candidateUsd)}${outcome.cost.batch?.candidate ? ' batch' : ''}`,
    outcome.cost.jury === 'ran'
      ? `${formatUsd(outcome.cost.judgeUsd)}${outcome.cost.batch?.jury ? ' batch' : ''}`
      : outcome.cost.jury === 'skipped'
        ? 'skipped'
        : '-',
  ];
}

/**
 * Instances done of those selected. An interrupted run (Ctrl-C, `--max-cost`) wrote no run
 * directory, so none is "completed"; what it answered is saved (checkpoints and the request
 * cache) and the next run resumes from it: `108/200 saved`, never `0/200`.
 */
function instancesCell(outcome: RunOutcome): string {
  const { counts } = outcome;
  if (!outcome.interrupted) return `${counts.completed}/${counts.selected}`;
  return `${counts.fromModel + counts.fromCache + counts.fromCheckpoint}/${counts.selected} saved`;
}

/**
 * The candidate's tokens: over the completed instances, or for an interrupted run (whose `usage`
 * is zero: nothing was written) those of the answers it saved, from wherever they came.
 */
function tokensCell(outcome: RunOutcome): string {
  if (!outcome.interrupted) {
    return `${outcome.usage.promptTokens + outcome.usage.completionTokens}${outcome.usage.estimated ? '~' : ''}`;
  }
  const { model, cache, checkpoint } = outcome.usageBySource;
  return String(
    [model, cache, checkpoint].reduce(
      (total, tokens) => total + tokens.promptTokens + tokens.completionTokens,
      0,
    ),
  );
}

/**
 * The benchmark's corrected headline (`BenchmarkV1.correctedMetric`): `-` without one or for an
 * interrupted run; for a jury's valid-only mean with no usable judge reply at all, says so
 * instead of a `-` that would read as "nothing to correct".
 */
function correctedCell(outcome: RunOutcome): string {
  const corrected = outcome.headline.corrected;
  if (outcome.interrupted || corrected === undefined) return '-';
  if (corrected.value !== undefined) return corrected.value.toFixed(3);
  return outcome.cost.jury === 'ran' && outcome.counts.completed > 0 ? 'n/a (no valid judge reply)' : '-';
}

/**
 * `Total cost: $x` over the runs; unknown prices are named, never counted as $0: the candidates'
 * deployments, and apart from them the judges' (a jury at an unknown price is its judges', not
 * the candidate's).
 */
export function totalCostLine(outcomes: readonly RunOutcome[]): string {
  const known = outcomes.reduce(
    (total, outcome) => total + (outcome.cost.candidateUsd ?? 0) + (outcome.cost.judgeUsd ?? 0),
    0,
  );
  const candidates = outcomes.flatMap((outcome) =>
    outcome.cost.candidateUsd === undefined ? [outcome.plan.deployment.helmDeployment] : [],
  );
  const judges = outcomes.flatMap((outcome) =>
    outcome.cost.judgeUsd === undefined
      ? (outcome.cost.unpricedJudges ?? [`judges of ${outcome.plan.deployment.helmDeployment}`])
      : [],
  );
  return `Total cost of this invocation: $${formatUsd(known)}${unknownPrices(candidates, judges)} (cached and resumed answers cost $0).`;
}

/** ` + ? (no known price for ...)`, the candidates and the jury's judges apart; '' when all are known. */
function unknownPrices(candidates: readonly string[], judges: readonly string[]): string {
  const named = (deployments: readonly string[]) => [...new Set(deployments)].join(', ');
  if (candidates.length === 0 && judges.length === 0) return '';
  if (judges.length === 0) return ` + ? (no known price for ${named(candidates)})`;
  if (candidates.length === 0) return ` + ? (no known price for the jury's ${named(judges)})`;
  return ` + ? (no known price for ${named(candidates)}, nor for the jury's ${named(judges)})`;
}

/**
 * What the suite has spent over every invocation, from its cost ledger
 * (`runs/<suite>/medhelm_cost_ledger.jsonl`), candidate models and jury apart, each with the
 * deployments whose price is unknown.
 */
export function suiteCostLine(suite: string, ledger: CostLedgerSummary): string {
  const unpriced = (deployments: readonly string[]) =>
    deployments.length === 0 ? '' : ` + ? (no known price for ${deployments.join(', ')})`;
  return `Suite "${suite}" to date (${ledger.entries} run record${ledger.entries === 1 ? '' : 's'} in medhelm_cost_ledger.jsonl): candidate models $${formatUsd(ledger.candidateUsd)}${unpriced(ledger.unpricedCandidates)}, jury $${formatUsd(ledger.judgeUsd)}${unpriced(ledger.unpricedJudges)}; ${ledger.paidTokens.promptTokens + ledger.paidTokens.completionTokens} tokens from model calls.`;
}
