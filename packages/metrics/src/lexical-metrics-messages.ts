import type { LexicalPair, LexicalScores } from './lexical-scores.ts';
import type { RougeScores } from './rouge.ts';

/**
 * One piece of work for a lexical-metrics worker thread: HELM's ROUGE-1/2/L and BLEU-1/4 of a pair
 * (`scoreLexicalPair`), or SummarizationMetric's ROUGE-1/2/L of a raw completion (`summarizationRouge`).
 */
export type LexicalTask =
  | { kind: 'lexical'; pair: LexicalPair }
  | { kind: 'summarization-rouge'; prediction: string; references: readonly string[] };

/** What a task computes: every stat of a lexical pair, or the three ROUGE stats of a summary. */
export type LexicalTaskValue = LexicalScores | RougeScores;

/** A batch of tasks sent to a lexical-metrics worker thread. */
export interface LexicalBatchRequest {
  id: number;
  tasks: readonly LexicalTask[];
}

/** One task's answer: its value, or why it failed (errors lose their class in transit). */
export type LexicalTaskResult = { value: LexicalTaskValue } | { error: string; scoringError: boolean };

/** A worker thread's answer to a batch: each task's result, in the order sent. */
export interface LexicalBatchReply {
  id: number;
  results: LexicalTaskResult[];
}
