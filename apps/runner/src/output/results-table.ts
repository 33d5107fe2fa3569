import type { RunOutcome } from '@medhelm/engine';
import { textTable } from './text-table.ts';

/** The table printed after a run: one row per run with its headline metric. */
export function resultsTable(outcomes: readonly RunOutcome[]): string {
  const rows = outcomes.map((outcome) => [
    outcome.plan.benchmark.id,
    outcome.plan.deployment.helmDeployment,
    `${outcome.counts.completed}/${outcome.counts.selected}`,
    outcome.headline.name,
    outcome.interrupted
      ? 'interrupted'
      : outcome.headline.value === undefined
        ? '-'
        : outcome.headline.value.toFixed(3),
    String(outcome.counts.failed),
    `${outcome.counts.fromModel}/${outcome.counts.fromCache}/${outcome.counts.fromCheckpoint}`,
    `${outcome.usage.promptTokens + outcome.usage.completionTokens}${outcome.usage.estimated ? '~' : ''}`,
  ]);
  return textTable(
    ['benchmark', 'model', 'instances', 'metric', 'value', 'failed', 'model/cache/resumed', 'tokens'],
    rows,
    new Set([2, 4, 5, 7]),
  );
}
