import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { parseRow, readJsonObjectEntries } from '@medhelm/datasets';
import { pythonTitle } from '@medhelm/python-text';
import { z } from 'zod';

/** The pubmedqa/pubmedqa commit HELM downloads `ori_pqal.json` from. */
export const PUBMED_QA_REVISION = '1f00b98d5cc626844bf8c4ca513b6e62c40071ec';

/** HELM's answer choices, in reference order (lettered A, B, C by the adapter). */
export const PUBMED_QA_ANSWER_CHOICES = ['yes', 'no', 'maybe'] as const;

/**
 * The PQA-L file, exactly the URL HELM downloads (HELM saves it as `data/test_set.json`). The
 * bundled sample holds 20 real entries; `../data` resolves from both `src/` and `dist/`.
 */
export const PUBMED_QA_FILE: DatasetFileV1 = {
  name: 'ori_pqal.json',
  url: `https://raw.githubusercontent.com/pubmedqa/pubmedqa/${PUBMED_QA_REVISION}/data/ori_pqal.json`,
  revision: PUBMED_QA_REVISION,
  samplePath: fileURLToPath(new URL('../data/ori_pqal.json', import.meta.url)),
};

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

/**
 * Reads upstream `ori_pqal.json` (an object keyed by PMID) and yields every entry as a `test`
 * instance in file order, as HELM does: all 1,000 PQA-L entries, not the official 500-entry test
 * split. A malformed entry is a DatasetLoadError naming the file, line, PMID and field.
 */
export function createPubmedQaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://github.com/pubmedqa/pubmedqa', revision: PUBMED_QA_REVISION },
    files: [PUBMED_QA_FILE],
    async *load(context) {
      const path = await context.resolveFile(PUBMED_QA_FILE);
      // File order matters: it decides the instance ids. JSON.parse would reorder numeric keys.
      for (const { key, value, line } of await readJsonObjectEntries(path)) {
        context.signal?.throwIfAborted();
        yield pubmedQaInstance(parseRow(pubmedQaEntrySchema, value, { file: path, line, row: key }));
      }
    },
  });
}
