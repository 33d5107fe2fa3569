import { ConfigError } from '@medhelm/core';
import type { BatchSettings, JudgeDeployment, RunPlan } from '@medhelm/engine';
import type { Command } from 'commander';

/** The batch options of `medhelm run` and `medhelm rescore`, as commander parses them. */
export interface BatchOptionValues {
  /** `--batch`: calls through the providers' batch APIs, at the batch price. */
  batch?: boolean;
  /** `--batch-fallback batch|sync`: what a request its batch did not answer does next (default batch). */
  batchFallback?: string;
  /** `--batch-poll <seconds>`: how often a running batch is polled (default 30). */
  batchPoll?: string;
}

/** Adds the "Batch APIs" options: `--batch` for `callers` (every model and judge, or the judges). */
export function addBatchOptions(command: Command, callers: 'models and judges' | 'judges'): void {
  command
    .optionsGroup('Batch APIs (openai, azure-openai, anthropic):')
    .option(
      '--batch',
      `send the ${callers}' calls through their providers' batch APIs: the same requests and scores at the batch price (half), answered within 24 h; killed or stopped, the same command re-attaches to the running batches (or mark single deployments batch: true in a models file)`,
    )
    .option(
      '--batch-fallback <mode>',
      'what a request its batch did not answer (errored, expired) does next: batch (a follow-up batch, the default) or sync (called synchronously at the standard price)',
    )
    .option('--batch-poll <seconds>', "how often a running batch's status is asked for (default 30)");
}

/** Longest gathering window: requests arriving within it of each other share a batch. */
const MAX_COLLECT_WINDOW_MS = 2_000;

/**
 * `--batch-poll <seconds>` and `--batch-fallback batch|sync` as the engine's batch settings (the
 * gathering window is the poll interval, at most 2 s); undefined when neither is given.
 */
export function batchSettingsOption(options: BatchOptionValues): Partial<BatchSettings> | undefined {
  const settings: Partial<BatchSettings> = {};
  if (options.batchPoll !== undefined) {
    const seconds = Number(options.batchPoll);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new ConfigError(`--batch-poll must be a number of seconds > 0, got "${options.batchPoll}".`);
    settings.pollIntervalMs = seconds * 1000;
    settings.collectWindowMs = Math.min(MAX_COLLECT_WINDOW_MS, seconds * 1000);
  }
  if (options.batchFallback !== undefined) {
    if (options.batchFallback !== 'batch' && options.batchFallback !== 'sync')
      throw new ConfigError(`--batch-fallback must be batch or sync, got "${options.batchFallback}".`, {
        hint: 'batch: send unanswered requests in a follow-up batch; sync: call the model for them synchronously (standard price).',
      });
    settings.fallback = options.batchFallback;
  }
  return Object.keys(settings).length === 0 ? undefined : settings;
}

/** With `--batch`, every run's model and every judge marked `batch` (their calls go through batch APIs). */
export function withBatchOption(
  options: BatchOptionValues,
  plans: RunPlan[],
  judges: JudgeDeployment[],
): { plans: RunPlan[]; judges: JudgeDeployment[] } {
  if (options.batch !== true) return { plans, judges };
  return {
    plans: plans.map((plan) => ({ ...plan, deployment: { ...plan.deployment, batch: true } })),
    judges: batchedJudges(options, judges),
  };
}

/** With `--batch`, every judge marked `batch`. */
export function batchedJudges(options: BatchOptionValues, judges: JudgeDeployment[]): JudgeDeployment[] {
  if (options.batch !== true) return judges;
  return judges.map((judge) => ({ ...judge, deployment: { ...judge.deployment, batch: true } }));
}
