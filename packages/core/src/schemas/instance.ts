import { z } from 'zod';

/** The tag HELM puts on gold references. */
export const CORRECT_TAG = 'correct';

/** The dataset splits HELM knows. */
export const TRAIN_SPLIT = 'train';
export const VALID_SPLIT = 'valid';
export const TEST_SPLIT = 'test';
/** HELM evaluates the valid and test splits, pooled, unless a benchmark says otherwise. */
export const DEFAULT_EVAL_SPLITS: readonly string[] = [VALID_SPLIT, TEST_SPLIT];

/** A candidate output of an instance; gold ones carry the `correct` tag (HELM's `Reference`). */
export const referenceSchema = z.object({
  output: z.object({ text: z.string() }),
  tags: z.array(z.string()),
});
export type Reference = z.infer<typeof referenceSchema>;

/** One chat message, for instances whose input is a conversation. */
export const chatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
/** @public */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * One evaluation item, as a dataset loader yields it (HELM's `Instance`). `id` may be left out:
 * as in HELM, when any instance of a benchmark lacks an id the engine numbers all of them
 * `id0`, `id1`, ... in load order (train instances included).
 */
export const instanceSchema = z.object({
  id: z.string().min(1).optional(),
  input: z.object({ text: z.string(), messages: z.array(chatMessageSchema).optional() }),
  references: z.array(referenceSchema),
  split: z.string().min(1),
  subSplit: z.string().optional(),
  extraData: z.record(z.string(), z.unknown()).optional(),
  /**
   * The references a corrected metric scores against where HELM's `references` are known to be
   * wrong (EHRSHOT pairs each prompt with another label row's answer); absent where they are right.
   * Ours, not HELM's: never written to HELM's files, and HELM's stats never read it.
   */
  correctedReferences: z.array(referenceSchema).optional(),
});
export type Instance = z.infer<typeof instanceSchema>;

/** An instance after the engine has made sure it has an id. */
export type IdentifiedInstance = Instance & { id: string };

/** The gold references of an instance, in order. */
export function correctReferences(instance: Pick<Instance, 'references'>): Reference[] {
  return instance.references.filter((reference) => reference.tags.includes(CORRECT_TAG));
}

/** Builds a reference; `correct` adds the gold tag. */
export function reference(text: string, correct: boolean): Reference {
  return { output: { text }, tags: correct ? [CORRECT_TAG] : [] };
}
