import type { RunOutcome } from '@medhelm/engine';

/**
 * A finished run that must not exit 0: an instance failed, a scorer has a bug, nothing completed
 * (no number for work that did not happen), or more of its judges' replies were unusable than
 * `--max-invalid-judge-replies` allows.
 */
export function failedRun(outcome: RunOutcome): boolean {
  const replies = outcome.juryReplies;
  return (
    outcome.counts.failed > 0 ||
    outcome.counts.completed === 0 ||
    outcome.scoringFailures.some((failure) => failure.kind === 'scorer-bug') ||
    (replies !== undefined && replies.total > 0 && replies.invalid / replies.total > replies.limit)
  );
}
