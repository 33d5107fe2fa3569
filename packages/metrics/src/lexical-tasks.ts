import { ScoringError } from '@medhelm/core';
import type { LexicalTask, LexicalTaskResult, LexicalTaskValue } from './lexical-metrics-messages.ts';
import { scoreLexicalPair } from './lexical-scores.ts';
import { summarizationRouge } from './rouge.ts';

/**
 * A task's value, computed by the very function the calling thread runs without a pool, so a
 * value is identical whichever thread computes it.
 */
export function runLexicalTask(task: LexicalTask): LexicalTaskValue {
  return task.kind === 'lexical'
    ? scoreLexicalPair(task.pair)
    : summarizationRouge(task.prediction, task.references);
}

/** A task's result for the reply: its value, or its error as a message and whether it was a ScoringError. */
export function lexicalTaskResult(task: LexicalTask): LexicalTaskResult {
  try {
    return { value: runLexicalTask(task) };
  } catch (error) {
    return {
      error: error instanceof Error ? error.message : String(error),
      scoringError: ScoringError.isInstance(error),
    };
  }
}
