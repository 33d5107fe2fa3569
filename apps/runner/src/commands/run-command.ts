import { join } from 'node:path';
import { estimateRun, readCostLedger, redactRunDirectory } from '@medhelm/engine';
import { createDisabledRequestCache, MedHelmStore } from '@medhelm/store';
import { type CliIo, ExitCode } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { estimateTable } from '../output/estimate-table.ts';
import { formatUsd } from '../output/format-usd.ts';
import { ProgressReporter } from '../output/progress-reporter.ts';
import { resultsTable, suiteCostLine } from '../output/results-table.ts';
import { failedRun } from './failed-run.ts';
import { openBatchesDecision } from './open-batches-decision.ts';
import { openDistributedExecutor } from './open-distributed-executor.ts';
import { planRunCommand, plansWithData } from './plan-run-command.ts';
import { redactCommandLine } from './redact-command-line.ts';
import type { RunCommandOptions } from './run-command-options.ts';

/**
 * `medhelm run`: plans the runs, executes them, prints the results table. With `--estimate`, prints
 * what the runs would use at most instead, calling no model.
 */
export async function runCommand(
  services: RunnerServices,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  const planned = planRunCommand(services, options, io);
  const { dataSource, outputPath, evaluation, maxCostUsd } = planned;
  const plans =
    options.release === undefined ? planned.plans : await plansWithData(planned.plans, dataSource, io);

  if (options.estimate) {
    const estimates = [];
    for (const plan of plans) {
      estimates.push(
        await estimateRun(plan, {
          dataSource,
          ...(evaluation.judges === undefined ? {} : { judges: evaluation.judges }),
          ...(io.signal === undefined ? {} : { signal: io.signal }),
        }),
      );
    }
    io.stdout.write(`${estimateTable(estimates)}\n`);
    return ExitCode.ok;
  }

  const executor = await openDistributedExecutor(options, io);
  const store = MedHelmStore.open({ path: join(outputPath, 'cache', 'medhelm.sqlite') });
  const scope = services.evaluation({
    store,
    requestCache: options.cache ? store.requestCache : createDisabledRequestCache(),
    observer: new ProgressReporter(io),
  });
  try {
    const outcomes = await scope.evaluator.runAll(plans, {
      ...evaluation,
      batch: { ...evaluation.batch, decideOnOpenBatches: openBatchesDecision(io) },
      provenance: services.provenance(redactCommandLine(['medhelm', ...(io.argv ?? [])])),
      ...(executor === undefined ? {} : { executor }),
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
    if (options.redact) {
      // Written redacted: each run directory replaced by its redacted copy (atomically).
      for (const outcome of outcomes) {
        if (outcome.runDirectory !== undefined)
          await redactRunDirectory(outcome.runDirectory, outcome.runDirectory);
      }
    }
    const suiteDirectory = join(outputPath, 'runs', options.suite);
    io.stdout.write(
      `\n${resultsTable(outcomes)}\n${suiteCostLine(options.suite, await readCostLedger(suiteDirectory))}\n\nRun directories: ${suiteDirectory}\n`,
    );
    const stopped = outcomes.find((outcome) => outcome.stoppedBy === 'max-cost');
    if (stopped !== undefined) {
      const spent = outcomes.reduce((total, outcome) => total + (outcome.cost.candidateUsd ?? 0), 0);
      const saved = stopped.counts.fromModel + stopped.counts.fromCache + stopped.counts.fromCheckpoint;
      io.stderr.write(
        `Stopped at --max-cost $${formatUsd(maxCostUsd ?? 0)}: run ${stopped.plan.runName} had ${saved}/${stopped.counts.selected} instances done; spent $${formatUsd(spent)} in this invocation. Raise --max-cost and run the same command again to resume.\n`,
      );
      return ExitCode.costLimit;
    }
    if (outcomes.some((outcome) => outcome.interrupted) || outcomes.length < plans.length)
      return ExitCode.interrupted;
    if (outcomes.some(failedRun)) return ExitCode.failedInstances;
    return ExitCode.ok;
  } finally {
    await scope.dispose();
    store.close();
    await executor?.close();
  }
}
