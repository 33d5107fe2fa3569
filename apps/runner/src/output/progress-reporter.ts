import type { RunObserver, RunOutcome, RunPlan } from '@medhelm/engine';
import type { CliIo } from '../cli-io.ts';

/**
 * Shows progress: a redrawn one-line bar on a terminal, plain lines (start, every 10%, end)
 * otherwise, so logs in CI stay readable.
 */
export class ProgressReporter implements RunObserver {
  private lastReportedDecile = -1;
  /** A progress bar is drawn on the current terminal line without a newline yet. */
  private barOpen = false;
  private readonly interactive: boolean;

  constructor(private readonly io: CliIo) {
    this.interactive = io.stdout.isTTY === true;
  }

  onRunStart({ plan, total, available }: { plan: RunPlan; total: number; available: number }): void {
    this.lastReportedDecile = -1;
    const sampled = total < available ? ` (downsampled from ${available})` : '';
    this.io.stderr.write(`▶ ${plan.runName}: ${total} instances${sampled}\n`);
  }

  onInstanceDone({ done, total }: { plan: RunPlan; done: number; total: number; source: string }): void {
    if (this.interactive) {
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      this.io.stderr.write(`\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
      this.barOpen = done !== total;
      if (done === total) this.io.stderr.write('\n');
      return;
    }
    const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (decile !== this.lastReportedDecile && (decile > this.lastReportedDecile || done === total)) {
      this.lastReportedDecile = decile;
      this.io.stderr.write(`  ${done}/${total} instances\n`);
    }
  }

  onRunEnd(outcome: RunOutcome): void {
    if (this.barOpen) {
      this.io.stderr.write('\n');
      this.barOpen = false;
    }
    if (outcome.interrupted && outcome.stoppedBy === 'max-cost') {
      this.io.stderr.write(
        `  stopped by --max-cost: ${outcome.counts.fromModel + outcome.counts.fromCache + outcome.counts.fromCheckpoint} instances saved.\n`,
      );
      return;
    }
    if (outcome.interrupted) {
      this.io.stderr.write(
        `  interrupted: ${outcome.counts.fromModel + outcome.counts.fromCache + outcome.counts.fromCheckpoint} instances saved; run the same command again to resume.\n`,
      );
      return;
    }
    for (const warning of outcome.warnings) this.io.stderr.write(`  warning: ${warning}\n`);
    if (outcome.counts.failed > 0) {
      this.io.stderr.write(
        `  ${outcome.counts.failed} instances failed (first: ${outcome.failures[0]?.error}); run the same command again to retry only those.\n`,
      );
    }
    if (outcome.scoringFailures.length > 0) {
      this.io.stderr.write(
        `  ${outcome.scoringFailures.length} instance scores could not be computed (HELM raises on these inputs); see ${outcome.runDirectory}/medhelm_run.json.\n`,
      );
    }
    this.io.stderr.write(`  wrote ${outcome.runDirectory}\n`);
  }
}
