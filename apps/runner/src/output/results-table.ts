import type { RunOutcome } from '@medhelm/engine';
import { formatUsd } from './format-usd.ts';
import { textTable } from './text-table.ts';

/**
 * The table printed after a run: one row per run with its headline metric and what its model
 * calls cost in this invocation (`?`: unknown price), then the total cost.
 */
export function resultsTable(outcomes: readonly RunOutcome[]): string {
  const rows = outcomes.map((outcome) => [
    outcome.plan.benchmark.id,
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
    String(outcome.counts.failed),
    `${outcome.counts.fromModel}/${outcome.counts.fromCache}/${outcome.counts.fromCheckpoint}`,
    `${outcome.usage.promptTokens + outcome.usage.completionTokens}${outcome.usage.estimated ? '~' : ''}`,
    formatUsd(outcome.cost.candidateUsd),
  ]);
  const table = textTable(
    [
      'benchmark',
      'model',
      'instances',
      'metric',
      'value',
      'failed',
      'model/cache/resumed',
      'tokens',
      'cost $',
    ],
    rows,
    new Set([2, 4, 5, 7, 8]),
  );
  return `${table}\n\n${totalCostLine(outcomes)}`;
}

/** `Total cost: $x` over the runs; unknown prices are named, never counted as $0. */
export function totalCostLine(outcomes: readonly RunOutcome[]): string {
  const known = outcomes.reduce((total, outcome) => total + (outcome.cost.candidateUsd ?? 0), 0);
  const unknown = outcomes
    .filter((outcome) => outcome.cost.candidateUsd === undefined)
    .map((outcome) => outcome.plan.deployment.helmDeployment);
  const unpriced =
    unknown.length === 0 ? '' : ` + ? (no known price for ${[...new Set(unknown)].join(', ')})`;
  return `Total cost of this invocation: $${formatUsd(known)}${unpriced} (cached and resumed answers cost $0).`;
}
