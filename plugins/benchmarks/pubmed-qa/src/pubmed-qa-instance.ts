import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import { pythonTitle } from '@medhelm/python-text';
import { z } from 'zod';

/** HELM's answer choices, in reference order (lettered A, B, C by the adapter). */
export const PUBMED_QA_ANSWER_CHOICES = ['yes', 'no', 'maybe'] as const;

/** The fields of a PQA-L entry HELM reads; the others (MESHES, YEAR, LONG_ANSWER, ...) are ignored. */
export const pubmedQaEntrySchema = z
  .object({
    QUESTION: z.string(),
    CONTEXTS: z.array(z.string()),
    LABELS: z.array(z.string()),
    final_decision: z.enum(PUBMED_QA_ANSWER_CHOICES),
  })
  .superRefine((entry, context) => {
    // HELM asserts this before zipping labels with contexts.
    if (entry.LABELS.length !== entry.CONTEXTS.length) {
      context.addIssue({
        code: 'custom',
        path: ['LABELS'],
        message: `${entry.LABELS.length} labels for ${entry.CONTEXTS.length} contexts; HELM requires one label per context`,
      });
    }
  });

export type PubmedQaEntry = z.output<typeof pubmedQaEntrySchema>;

/**
 * HELM's PubMedQAScenario instance for one entry: the passage is one line per context,
 * `label.title() + ". " + context` (Python title-casing: "MATERIALS AND METHODS" becomes
 * "Materials And Methods"), and the input is a PassageQuestionInput with passage prefix
 * "Context: " and separator "\n\n", so the adapter's "Question: " prefix makes the prompt read
 * "Question: Context: ...". References are yes/no/maybe with `final_decision` correct. No id: the
 * engine numbers instances `id0`, `id1`, ... in file order, as HELM does.
 */
export function pubmedQaInstance(entry: PubmedQaEntry): Instance {
  const passage = entry.LABELS.map((label, index) => `${pythonTitle(label)}. ${entry.CONTEXTS[index]}`).join(
    '\n',
  );
  return {
    input: { text: `Context: ${passage}\n\nQuestion: ${entry.QUESTION}\n` },
    references: PUBMED_QA_ANSWER_CHOICES.map((answer) => reference(answer, answer === entry.final_decision)),
    split: TEST_SPLIT,
  };
}
