import type { ScoreCaveats } from '@medhelm/leaderboard';

/** One caveat of a headline or run, as the viewer shows it. */
export interface Caveat {
  kind: 'invented' | 'unstated' | 'invalid-judge-replies';
  /** The mark beside a leaderboard value (as `medhelm summarize` marks it). */
  mark: string;
  /** The run page's banner text, and the mark's tooltip. */
  text: string;
}

/** A legend line per mark, under the leaderboard when some cell carries it. */
export const CAVEAT_LEGEND: Record<Caveat['kind'], string> = {
  invented: '† invented sample data: the score says nothing about the model’s real performance',
  unstated: '? a bundled sample whose plugin does not say whether it is invented',
  'invalid-judge-replies': '! some judge replies were invalid: HELM scored those instances 1.0',
};

/**
 * What weakens a headline or a run's numbers (see `ScoreCaveats` of @medhelm/leaderboard), in
 * the order `medhelm summarize` marks them: invented data, an unstated sample, invalid judge replies.
 */
export function caveatsOf(caveats: ScoreCaveats): Caveat[] {
  const shown: Caveat[] = [];
  if (caveats.invented_data) {
    shown.push({
      kind: 'invented',
      mark: '†',
      text: 'Invented sample data: these numbers say nothing about the model’s real performance.',
    });
  }
  if (caveats.unstated_sample) {
    shown.push({
      kind: 'unstated',
      mark: '?',
      text: 'Bundled sample data whose plugin does not say whether it is real or invented.',
    });
  }
  const replies = caveats.judge_replies;
  if (replies !== null && replies.invalid > 0) {
    const share = replies.invalid_share === null ? '' : ` (${formatShare(replies.invalid_share)})`;
    shown.push({
      kind: 'invalid-judge-replies',
      mark: '!',
      text: `${replies.invalid} of ${replies.total} judge replies were invalid${share}: ${replies.invalid_reply_note ?? 'HELM scored those instances 1.0'}.`,
    });
  }
  return shown;
}

/** A share as a percentage with at most one decimal: 0.2 → "20%", 1/3 → "33.3%". */
function formatShare(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}
