import type { RunEstimate } from '@medhelm/engine';
import { benchmarkLabel } from './benchmark-label.ts';
import { formatUsd } from './format-usd.ts';
import { textTable } from './text-table.ts';

/**
 * The table `medhelm run --estimate` prints: per run, the instances, estimated prompt tokens
 * (marked `~`), the maximum completion tokens and the maximum cost, at the standard price and at
 * the provider's batch rate side by side, then a total line.
 */
export function estimateTable(estimates: readonly RunEstimate[]): string {
  const rows = estimates.map((estimate) => [
    benchmarkLabel(estimate.plan),
    estimate.plan.deployment.helmDeployment,
    String(estimate.instances),
    `${estimate.estimatedPromptTokens}~`,
    String(estimate.maxCompletionTokens),
    formatUsd(estimate.maxCostUsd),
    estimate.maxBatchCostUsd === undefined ? '-' : formatUsd(estimate.maxBatchCostUsd),
  ]);
  const sum = (pick: (estimate: RunEstimate) => number) =>
    estimates.reduce((total, estimate) => total + pick(estimate), 0);
  const unknown = estimates.some((estimate) => estimate.maxCostUsd === undefined);
  const known = sum((estimate) => estimate.maxCostUsd ?? 0);
  const noBatch = estimates.some((estimate) => estimate.maxBatchCostUsd === undefined);
  const knownBatch = sum((estimate) => estimate.maxBatchCostUsd ?? 0);
  rows.push([
    'total',
    '',
    String(sum((estimate) => estimate.instances)),
    `${sum((estimate) => estimate.estimatedPromptTokens)}~`,
    String(sum((estimate) => estimate.maxCompletionTokens)),
    unknown ? `${formatUsd(known)} + ?` : formatUsd(known),
    noBatch ? (knownBatch === 0 ? '-' : `${formatUsd(knownBatch)} + -`) : formatUsd(knownBatch),
  ]);
  const table = textTable(
    [
      'benchmark',
      'model',
      'instances',
      'prompt tokens',
      'max completion tokens',
      'max cost $',
      'with --batch $',
    ],
    rows,
    new Set([2, 3, 4, 5, 6]),
  );
  return `${table}${judgeLines(estimates)}\n\n~ prompt tokens are estimated as characters ÷ 4 (no tokenizer); the maximum cost assumes every answer uses max_tokens and no request is cached.${unknown ? '\n? no known price for that model: add a price to its deployment in a models file.' : ''}\n\nwith --batch: the same at the provider's batch rate (the price table's batchDiscounts); - where the provider has no batch API.\nEstimate only: no model was called.`;
}

/**
 * The judge calls the runs would make (a HealthBench run: one grader call per rubric item), which
 * the table's columns, the candidate's, leave out: one line per run that makes any, and the total.
 */
function judgeLines(estimates: readonly RunEstimate[]): string {
  const withJudges = estimates.filter((estimate) => estimate.judges !== undefined);
  if (withJudges.length === 0) return '';
  const lines = withJudges.map((estimate) => {
    const judges = estimate.judges!;
    const perInstance = estimate.instances === 0 ? 0 : judges.calls / estimate.instances;
    return `  ${benchmarkLabel(estimate.plan)} / ${estimate.plan.deployment.helmDeployment}: ${judges.calls} judge calls (${perInstance.toFixed(1)} per instance), ${judges.estimatedPromptTokens}~ prompt tokens, at most ${judges.maxCompletionTokens} completion tokens, max $${formatUsd(judges.maxCostUsd)}`;
  });
  const unknown = withJudges.some((estimate) => estimate.judges?.maxCostUsd === undefined);
  const known = withJudges.reduce((total, estimate) => total + (estimate.judges?.maxCostUsd ?? 0), 0);
  return `\n\nJudge calls (not in the table above; the judges' spend is the jury's):\n${lines.join('\n')}\n  judges' max cost $: ${unknown ? `${formatUsd(known)} + ?` : formatUsd(known)}`;
}
