import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';

/**
 * HELM's most common instance: a `test` instance whose input is `text` and whose one reference,
 * tagged correct, is `correctReference` (the gold summary, answer or note of a generation task).
 */
export function testInstance(text: string, correctReference: string): Instance {
  return { input: { text }, references: [reference(correctReference, true)], split: TEST_SPLIT };
}
