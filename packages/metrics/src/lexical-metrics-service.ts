import { createToken } from '@medhelm/core';
import type { LexicalPair, LexicalScores } from './lexical-scores.ts';
import type { RougeScores } from './rouge.ts';

/**
 * What lexical scorers ask of an invocation's worker threads (LexicalMetricsPool implements it):
 * the same values as the in-thread functions, computed off the event loop.
 */
export interface LexicalMetrics {
  /** `scoreLexicalPair` of every pair, in order; rejects with ScoringError where that throws one. */
  score(pairs: readonly LexicalPair[]): Promise<LexicalScores[]>;
  /** `summarizationRouge(prediction, references)`; rejects with ScoringError where that throws one. */
  summarizationRouge(prediction: string, references: readonly string[]): Promise<RougeScores>;
}

/** The DI token under which an invocation lends its scorers a LexicalMetrics (`ScoreInputV1.services`). */
export const LexicalMetricsToken = createToken<LexicalMetrics>('metrics.LexicalMetrics');
