import type { ScoreCaveats } from './leaderboard.ts';
import type { RunReportRecord } from './read-run-files.ts';

/** The marks a headline carries in a table, each explained by a note under it. */
const CAVEAT_MARKS = { invented: '†', unstated: '?', invalidJudgeReplies: '!' } as const;

/**
 * The caveats of one run, from its medhelm_run.json (`data`, `jury_replies`); none for a run
 * without one (HELM-written) or written before they were recorded.
 */
export function runCaveatsOf(report: RunReportRecord | undefined): ScoreCaveats {
  const replies = report?.jury_replies ?? undefined;
  return {
    invented_data: report?.data?.invented === true,
    // Bundled data (a sample, packaged files) whose plugin does not say whether it is real.
    unstated_sample: report?.data?.invented === null,
    judge_replies:
      replies === undefined ? null : repliesOf(replies.total, replies.invalid, replies.invalid_reply_note),
  };
}

/**
 * The caveats of several runs (a leaderboard cell, one model's runs of a benchmark): invented
 * data if any run read some, an unstated sample if any run read one, and the judge replies summed
 * over the runs that record them.
 */
export function mergeCaveats(caveats: readonly ScoreCaveats[]): ScoreCaveats {
  const recorded = caveats.flatMap((caveat) => (caveat.judge_replies === null ? [] : [caveat.judge_replies]));
  // One note for the cell only when its runs all say the same.
  const notes = new Set(recorded.map((replies) => replies.invalid_reply_note));
  return {
    invented_data: caveats.some((caveat) => caveat.invented_data),
    unstated_sample: caveats.some((caveat) => caveat.unstated_sample),
    judge_replies:
      recorded.length === 0
        ? null
        : repliesOf(
            recorded.reduce((sum, replies) => sum + replies.total, 0),
            recorded.reduce((sum, replies) => sum + replies.invalid, 0),
            notes.size === 1 ? [...notes][0] : undefined,
          ),
  };
}

function repliesOf(
  total: number,
  invalid: number,
  note: string | undefined,
): NonNullable<ScoreCaveats['judge_replies']> {
  return {
    total,
    invalid,
    invalid_share: total === 0 ? null : invalid / total,
    ...(note === undefined ? {} : { invalid_reply_note: note }),
  };
}

/**
 * Each value of a table column with its marks appended, the marks padded to one width so that the
 * numbers of a right-aligned column stay aligned.
 */
export function markedValues(cells: ReadonlyArray<{ value: string; caveats: ScoreCaveats }>): string[] {
  const marks = cells.map((cell) => caveatMarks(cell.caveats));
  const width = Math.max(0, ...marks.map((mark) => mark.length));
  return cells.map((cell, index) => `${cell.value}${(marks[index] ?? '').padEnd(width)}`);
}

/** The marks of a headline with these caveats (empty for none). */
function caveatMarks(caveats: ScoreCaveats): string {
  return [
    caveats.invented_data ? CAVEAT_MARKS.invented : '',
    caveats.unstated_sample ? CAVEAT_MARKS.unstated : '',
    hasInvalidJudgeReplies(caveats) ? CAVEAT_MARKS.invalidJudgeReplies : '',
  ].join('');
}

/**
 * The notes under a table explaining each mark of one headline, naming it (`cell`, e.g.
 * "medication_qa / openai/gpt-4o"); none when it has no caveat.
 */
export function caveatNotes(cell: string, caveats: ScoreCaveats): string[] {
  const notes: string[] = [];
  if (caveats.invented_data) {
    notes.push(
      `${CAVEAT_MARKS.invented} ${cell}: invented sample data; the score says nothing about the model's real performance`,
    );
  }
  if (caveats.unstated_sample) {
    notes.push(
      `${CAVEAT_MARKS.unstated} ${cell}: a bundled sample whose plugin does not say whether it is invented`,
    );
  }
  const replies = caveats.judge_replies;
  if (replies !== null && hasInvalidJudgeReplies(caveats)) {
    const share = replies.invalid_share === null ? '' : ` (${formatShare(replies.invalid_share)})`;
    notes.push(
      `${CAVEAT_MARKS.invalidJudgeReplies} ${cell}: ${replies.invalid} of ${replies.total} judge replies invalid${share}; ${replies.invalid_reply_note ?? 'HELM scores such instances 1.0'}`,
    );
  }
  return notes;
}

function hasInvalidJudgeReplies(caveats: ScoreCaveats): boolean {
  return (caveats.judge_replies?.invalid ?? 0) > 0;
}

/** A share as a percentage with at most one decimal: 0.2 → "20%", 1/3 → "33.3%". */
function formatShare(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}
