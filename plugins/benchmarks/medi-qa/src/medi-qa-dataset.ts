import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, readXmlDocument, xmlChildElements } from '@medhelm/datasets';
import { MEDI_QA_CARD } from './medi-qa-card.ts';
import { mediQaInstance } from './medi-qa-instance.ts';
import { readMediQaQuestion } from './medi-qa-question.ts';

/** The abachaa/MEDIQA2019 commit of the pinned test file (the BigBIO script downloads `master`). */
export const MEDI_QA_REVISION = 'ae5d3826d6c841923b9db831159fef0f1b893593';

// HELM loads `bigbio/mediqa_qa` at revision 9288641f4c785c95dc9079fa526dabb12efdb041; its loading
// script parses the XML read here.

/**
 * MEDIQA 2019 Task 3's test set with reference labels, the file behind `bigbio/mediqa_qa`'s
 * `test` split, pinned to a commit. Its name keeps the upstream folder, as `--data-dir` copies of
 * the repository have it. Upstream states no license, so the bundled "sample" is an invented
 * fixture in the same format (see data/LICENSE-DATA.md); `../data` resolves from `src/` and `dist/`.
 */
export const MEDI_QA_FILE: DatasetFileV1 = {
  name: 'MEDIQA_Task3_QA/MEDIQA2019-Task3-QA-TestSet-wLabels.xml',
  url: `https://raw.githubusercontent.com/abachaa/MEDIQA2019/${MEDI_QA_REVISION}/MEDIQA_Task3_QA/MEDIQA2019-Task3-QA-TestSet-wLabels.xml`,
  revision: MEDI_QA_REVISION,
  sha256: 'df9bca894d252279f200ee78e85d871b57a94b224d75467b7fa38a4a0952cc1d',
  samplePath: fileURLToPath(
    new URL('../data/MEDIQA_Task3_QA/MEDIQA2019-Task3-QA-TestSet-wLabels.xml', import.meta.url),
  ),
};

/**
 * Reads the `<Question>` children of the root in file order, as the BigBIO loading script does
 * with ElementTree (`iterfind("Question")`, `find(...).text`, `findall("Answer")`), and yields one
 * `test` instance per question, as HELM does with the `test` split. A malformed question is a
 * DatasetLoadError naming the file, the line of the element, the QID and the field; a repeated
 * QID is one too (Hugging Face refuses duplicate keys).
 */
export function createMediQaDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MEDI_QA_CARD, MEDI_QA_REVISION),
    files: [MEDI_QA_FILE],
    async *read(path) {
      const root = await readXmlDocument(path);
      const seen = new Map<string, number>();
      for (const element of xmlChildElements(root, 'Question')) {
        const question = readMediQaQuestion(path, element);
        const first = seen.get(question.QID);
        if (first !== undefined) {
          throw new DatasetLoadError(
            `QID ${question.QID} already appeared on line ${first}; Hugging Face refuses duplicate keys and instance ids must be unique.`,
            { location: { file: path, line: element.line, row: question.QID, field: 'QID' } },
          );
        }
        seen.set(question.QID, element.line);
        yield mediQaInstance(question);
      }
    },
  });
}
