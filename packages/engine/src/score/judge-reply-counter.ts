import type { AnnotatorV1 } from '@medhelm/core';
import type { CompletedCheckpoint } from '../checkpoint-record.ts';
import type { JudgeReplyCount, JudgeReplyTally } from '../run-outcome.ts';

/**
 * Counts the judges' replies of a run's completed instances, as the run directory is written:
 * for each annotator that reports its judges' replies (`AnnotatorV1.judgeReplies`), each reply's
 * HELM verdict, per judge. Nothing is counted for a run without such annotators.
 */
export class JudgeReplyCounter {
  readonly #annotators: readonly AnnotatorV1[];
  readonly #judges: Record<string, JudgeReplyCount> = {};
  #counted = false;
  #unjudged = 0;
  #withoutValidReply = 0;

  constructor(annotators: readonly AnnotatorV1[]) {
    this.#annotators = annotators.filter((annotator) => annotator.judgeReplies !== undefined);
  }

  add(checkpoint: CompletedCheckpoint): void {
    for (const annotator of this.#annotators) {
      if (checkpoint.annotations === undefined || !Object.hasOwn(checkpoint.annotations, annotator.id))
        continue;
      this.#counted = true;
      const checks = annotator.judgeReplies?.(checkpoint.annotations[annotator.id]) ?? [];
      // No judge was asked (an empty completion, which HELM scores with the metric's default).
      if (checks.length === 0) this.#unjudged++;
      else if (checks.every((check) => !check.valid)) this.#withoutValidReply++;
      for (const check of checks) {
        const count = this.#judges[check.judge] ?? { total: 0, invalid: 0, firstInvalidReason: null };
        this.#judges[check.judge] = count;
        count.total++;
        if (check.valid) continue;
        count.invalid++;
        count.firstInvalidReason ??= check.reason ?? 'invalid reply';
      }
    }
  }

  /** The tally, with the run's limit on the invalid share; undefined when no instance had a jury annotation. */
  finish(limit: number): JudgeReplyTally | undefined {
    if (!this.#counted) return undefined;
    const counts = Object.values(this.#judges);
    return {
      total: counts.reduce((sum, count) => sum + count.total, 0),
      invalid: counts.reduce((sum, count) => sum + count.invalid, 0),
      limit,
      unjudgedInstances: this.#unjudged,
      instancesWithoutValidReply: this.#withoutValidReply,
      judges: this.#judges,
    };
  }
}
