import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetFileV1, DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonObjectEntries } from '@medhelm/datasets';
import { PUBMED_QA_CARD } from './pubmed-qa-card.ts';
import { pubmedQaEntrySchema, pubmedQaInstance } from './pubmed-qa-instance.ts';

/** The pubmedqa/pubmedqa commit HELM downloads `ori_pqal.json` from. */
export const PUBMED_QA_REVISION = '1f00b98d5cc626844bf8c4ca513b6e62c40071ec';

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

/**
 * Reads upstream `ori_pqal.json` (an object keyed by PMID) and yields every entry as a `test`
 * instance in file order, as HELM does: all 1,000 PQA-L entries, not the official 500-entry test
 * split. A malformed entry is a DatasetLoadError naming the file, line, PMID and field.
 */
export function createPubmedQaDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(PUBMED_QA_CARD, PUBMED_QA_REVISION),
    files: [PUBMED_QA_FILE],
    async *read(path) {
      // File order matters: it decides the instance ids. JSON.parse would reorder numeric keys.
      for (const { key, value, line } of await readJsonObjectEntries(path)) {
        yield pubmedQaInstance(parseRow(pubmedQaEntrySchema, value, { file: path, line, row: key }));
      }
    },
  });
}
