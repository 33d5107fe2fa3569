import type { CostLedgerSummary, RunOutcome } from '@medhelm/engine';
import { benchmarkLabel } from './benchmark-label.ts';
import { formatUsd } from './format-usd.ts';
import { textTable } from './text-table.ts';

/**
 * The table printed after a run: one row per run with its headline metric, our corrected
 * counterpart of it beside (`corrected`, for benchmarks whose HELM headline is known to be wrong;
 * `-` otherwise) and what its model calls cost in this invocation (`?`: unknown price), then the
 * total cost. Under a run with extra scorers (a run config's `scorers`), one `+ <scorer>` row per
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
  return `${table}${extra}\n\n${totalCostLine(outcomes)}`;
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
    `${outcome.counts.completed}/${outcome.counts.selected}`,
    outcome.headline.name,
    outcome.interrupted
      ? outcome.stoppedBy === 'max-cost'
        ? 'stopped'
        : 'interrupted'
      : outcome.headline.value === undefined
        ? '-'
        : outcome.headline.value.toFixed(3),
    correctedCell(outcome),
    String(outcome.counts.failed),
    `${outcome.counts.fromModel}/${outcome.counts.fromCache}/${outcome.counts.fromCheckpoint}`,
    `${outcome.usage.promptTokens + outcome.usage.completionTokens}${outcome.usage.estimated ? '~' : ''}`,
    formatUsd(outcome.cost.candidateUsd),
    outcome.cost.jury === 'ran'
      ? formatUsd(outcome.cost.judgeUsd)
      : outcome.cost.jury === 'skipped'
        ? 'skipped'
        : '-',
  ];
}

/** The benchmark's corrected headline (`BenchmarkV1.correctedMetric`), or `-` without one or a value. */
function correctedCell(outcome: RunOutcome): string {
  const value = outcome.headline.corrected?.value;
  return outcome.interrupted || value === undefined ? '-' : value.toFixed(3);
}

/** `Total cost: $x` over the runs; unknown prices are named, never counted as $0. */
export function totalCostLine(outcomes: readonly RunOutcome[]): string {
  const known = outcomes.reduce(
    (total, outcome) => total + (outcome.cost.candidateUsd ?? 0) + (outcome.cost.judgeUsd ?? 0),
    0,
  );
  const unknown = outcomes.flatMap((outcome) => [
    ...(outcome.cost.candidateUsd === undefined ? [outcome.plan.deployment.helmDeployment] : []),
    ...(outcome.cost.judgeUsd === undefined ? [`${outcome.plan.deployment.helmDeployment} (jury)`] : []),
  ]);
  const unpriced =
    unknown.length === 0 ? '' : ` + ? (no known price for ${[...new Set(unknown)].join(', ')})`;
  return `Total cost of this invocation: $${formatUsd(known)}${unpriced} (cached and resumed answers cost $0).`;
}

/**
 * What the suite has spent over every invocation, from its cost ledger
 * (`runs/<suite>/medhelm_cost_ledger.jsonl`), candidate models and jury apart.
 */
export function suiteCostLine(suite: string, ledger: CostLedgerSummary): string {
  const unpriced =
    ledger.unpricedDeployments.length === 0
      ? ''
      : ` + ? (no known price for ${ledger.unpricedDeployments.join(', ')})`;
  return `Suite "${suite}" to date (${ledger.entries} run record${ledger.entries === 1 ? '' : 's'} in medhelm_cost_ledger.jsonl): candidate models $${formatUsd(ledger.candidateUsd)}${unpriced}, jury $${formatUsd(ledger.judgeUsd)}; ${ledger.paidTokens.promptTokens + ledger.paidTokens.completionTokens} tokens from model calls.`;
}
