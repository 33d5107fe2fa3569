import type { BatchProgressEvent, RunObserver, RunOutcome, RunPlan } from '@medhelm/engine';
import type { CliIo } from '../cli-io.ts';
import { batchProgressLine } from './batch-progress-line.ts';

interface RunProgress {
  label: string;
  done: number;
  /** Of the done: failed (the model call or a judge call failed). */
  failed: number;
  total: number;
  lastDecile: number;
}

/**
 * Shows progress of the runs of one invocation, which overlap (the next run starts while the
 * last instances of the previous one finish): a redrawn one-line bar of the newest active run on a
 * terminal (`+N` counts the others still finishing), plain lines (start, every 10% per run, end)
 * otherwise, so logs in CI stay readable.
 */
export class ProgressReporter implements RunObserver {
  private readonly active = new Map<string, RunProgress>();
  /** A progress bar is drawn on the current terminal line without a newline yet. */
  private barOpen = false;
  private readonly interactive: boolean;
  /** Each batch's last state told, so a poll that changed nothing prints nothing. */
  private readonly batchStates = new Map<string, string>();

  constructor(private readonly io: CliIo) {
    this.interactive = io.stdout.isTTY === true;
  }

  onRunStart({ plan, total, available }: { plan: RunPlan; total: number; available: number }): void {
    this.closeBar();
    this.active.set(plan.runName, { label: plan.runName, done: 0, failed: 0, total, lastDecile: -1 });
    const sampled = total < available ? ` (downsampled from ${available})` : '';
    this.io.stderr.write(`▶ ${plan.runName}: ${total} instances${sampled}\n`);
  }

  onInstanceDone({
    plan,
    done,
    total,
    source,
    error,
  }: {
    plan: RunPlan;
    done: number;
    total: number;
    source: string;
    error?: string;
  }): void {
    const progress = this.active.get(plan.runName);
    if (progress === undefined) return;
    progress.done = done;
    progress.total = total;
    const prefix = this.active.size > 1 ? `${plan.runName}: ` : '';
    if (source === 'failed') {
      progress.failed++;
      // The first failure is told at once, so a run that fails instance after instance is seen.
      if (progress.failed === 1) {
        this.closeBar();
        this.io.stderr.write(
          `  ${prefix}an instance failed${error === undefined ? '' : ` (${error})`}; the run goes on and the next run retries failed instances (Ctrl-C stops it).\n`,
        );
      }
    }
    if (this.interactive) {
      this.drawBar();
      return;
    }
    const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (decile > progress.lastDecile) {
      progress.lastDecile = decile;
      this.io.stderr.write(`  ${prefix}${done}/${total} instances${failedNote(progress)}\n`);
    }
  }

  onRunEnd(outcome: RunOutcome): void {
    this.closeBar();
    this.active.delete(outcome.plan.runName);
    const name = outcome.plan.runName;
    const saved = outcome.counts.fromModel + outcome.counts.fromCache + outcome.counts.fromCheckpoint;
    if (outcome.interrupted && outcome.stoppedBy === 'max-cost') {
      this.io.stderr.write(`  ${name}: stopped by --max-cost: ${saved} instances saved.\n`);
      return;
    }
    if (outcome.interrupted) {
      this.io.stderr.write(
        `  ${name}: interrupted: ${saved} instances saved; run the same command again to resume.\n`,
      );
      return;
    }
    for (const warning of outcome.warnings) this.io.stderr.write(`  warning: ${warning}\n`);
    if (outcome.counts.failed > 0) {
      this.io.stderr.write(
        `  ${outcome.counts.failed} instances failed (first: ${outcome.failures[0]?.error}); run the same command again to retry only those.\n`,
      );
    }
    if (outcome.counts.completed === 0) {
      this.io.stderr.write(
        `  error: no instance completed${outcome.counts.selected === 0 ? ' (the data has none to evaluate)' : ''}, so this run has no numbers.\n`,
      );
    }
    for (const line of scoringFailureLines(outcome)) this.io.stderr.write(`  ${line}\n`);
    this.io.stderr.write(`  wrote ${outcome.runDirectory}\n`);
    if (this.interactive && this.active.size > 0) this.drawBar();
  }

  onBatchProgress(event: BatchProgressEvent): void {
    const state = `${event.providerStatus}|${event.succeeded}|${event.failed}`;
    if (this.batchStates.get(event.batchId) === state) return;
    this.batchStates.set(event.batchId, state);
    this.closeBar();
    this.io.stderr.write(`  ${batchProgressLine(event)}\n`);
  }

  onBatchResend(event: { deployment: string; batchId: string; count: number; reasons: string }): void {
    this.closeBar();
    this.io.stderr.write(
      `  batch ${event.batchId} (${event.deployment}): ${event.count} requests got no answer (${event.reasons}); sending them again.\n`,
    );
  }

  private drawBar(): void {
    const runs = [...this.active.values()];
    const newest = runs.at(-1);
    if (newest === undefined) return;
    const width = 30;
    const filled = newest.total === 0 ? width : Math.round((newest.done / newest.total) * width);
    const others = runs.length > 1 ? ` (+${runs.length - 1} finishing)` : '';
    this.io.stderr.write(
      `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${newest.done}/${newest.total}${failedNote(newest)}${others}\u001b[K`,
    );
    this.barOpen = true;
  }

  private closeBar(): void {
    if (!this.barOpen) return;
    this.io.stderr.write('\n');
    this.barOpen = false;
  }
}

/** `, N failed` when some of the done instances failed: a failed instance is done, not completed. */
function failedNote(progress: RunProgress): string {
  return progress.failed === 0 ? '' : `, ${progress.failed} failed`;
}

/**
 * One line per scorer that left instances unscored: a scorer bug (an exception other than
 * ScoringError, an undeclared stat, a value that is not a number) as an error naming the scorer,
 * the first instance and the message; inputs a scorer cannot score as a note, saying "HELM raises"
 * only for HELM's own metrics.
 */
function scoringFailureLines(outcome: RunOutcome): string[] {
  const byScorer = new Map<string, RunOutcome['scoringFailures']>();
  for (const failure of outcome.scoringFailures) {
    const key = `${failure.kind}\u0000${failure.scorerId}`;
    byScorer.set(key, [...(byScorer.get(key) ?? []), failure]);
  }
  const report = `${outcome.runDirectory}/medhelm_run.json`;
  return [...byScorer.values()].map((failures) => {
    const [first] = failures as [RunOutcome['scoringFailures'][number]];
    const count = `${failures.length} instance${failures.length === 1 ? '' : 's'}`;
    if (first.kind === 'scorer-bug') {
      return `error: scorer ${first.scorerId} failed on ${count} (first: instance ${first.instanceId}: it ${first.reason}); its stats for them are missing. Fix the scorer and run the same command again: the answers come from the cache. All failures: ${report}.`;
    }
    const helm = outcome.plan.benchmark.scorers.find(
      (scorer) => scorer.id === first.scorerId,
    )?.helmMetricSpecs;
    const cause = helm !== undefined && helm.length > 0 ? ', as HELM raises on these inputs' : '';
    return `${count} not scored by ${first.scorerId}${cause} (first: instance ${first.instanceId}: ${first.reason}); see ${report}.`;
  });
}
