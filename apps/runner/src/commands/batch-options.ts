import { ConfigError } from '@medhelm/core';
import type { BatchSettings, JudgeDeployment, RunPlan } from '@medhelm/engine';
import type { RunCommandOptions } from './run-command-options.ts';

/** Longest gathering window: requests arriving within it of each other share a batch. */
const MAX_COLLECT_WINDOW_MS = 2_000;

/**
 * `--batch-poll <seconds>` and `--batch-fallback batch|sync` as the engine's batch settings (the
 * gathering window is the poll interval, at most 2 s); undefined when neither is given.
 */
export function batchSettingsOption(options: RunCommandOptions): Partial<BatchSettings> | undefined {
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
  options: RunCommandOptions,
  plans: RunPlan[],
  judges: JudgeDeployment[],
): { plans: RunPlan[]; judges: JudgeDeployment[] } {
  if (options.batch !== true) return { plans, judges };
  return {
    plans: plans.map((plan) => ({ ...plan, deployment: { ...plan.deployment, batch: true } })),
    judges: judges.map((judge) => ({ ...judge, deployment: { ...judge.deployment, batch: true } })),
  };
}
