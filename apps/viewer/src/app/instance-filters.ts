import type { SiteInstanceIndexEntry } from '@medhelm/leaderboard';

/** The instance browser's filters; undefined: not filtered. */
export interface InstanceFilters {
  minimum?: number;
  maximum?: number;
  /** Correct: the headline is 1 (a closed-ended benchmark's exact match); incorrect: below 1. */
  outcome?: 'correct' | 'incorrect';
  /** Judges whose mean scores differ by at least this much. */
  judgeSpreadAtLeast?: number;
  /** Only instances with a judge reply the jury dropped. */
  invalidJudgesOnly?: boolean;
  /** Only these ids (the text search's matches). */
  ids?: ReadonlySet<string>;
}

/** Whether an instance passes the filters. */
export function passesFilters(entry: SiteInstanceIndexEntry, filters: InstanceFilters): boolean {
  const value = entry.headline;
  if (filters.minimum !== undefined && (value === null || value < filters.minimum)) return false;
  if (filters.maximum !== undefined && (value === null || value > filters.maximum)) return false;
  if (filters.outcome === 'correct' && value !== 1) return false;
  if (filters.outcome === 'incorrect' && (value === null || value >= 1)) return false;
  if (
    filters.judgeSpreadAtLeast !== undefined &&
    (entry.judge_spread === null || entry.judge_spread < filters.judgeSpreadAtLeast)
  ) {
    return false;
  }
  if (filters.invalidJudgesOnly === true && entry.invalid_judges === 0) return false;
  if (filters.ids !== undefined && !filters.ids.has(entry.id)) return false;
  return true;
}
