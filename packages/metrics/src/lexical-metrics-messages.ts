import type { LexicalPair, LexicalScores } from './lexical-scores.ts';

/** A batch sent to a lexical-metrics worker thread. */
export interface LexicalBatchRequest {
  id: number;
  pairs: readonly LexicalPair[];
}

/** A worker thread's answer: every pair's scores, or why the batch failed (errors lose their class in transit). */
export type LexicalBatchReply =
  | { id: number; scores: LexicalScores[] }
  | { id: number; error: string; scoringError: boolean };
