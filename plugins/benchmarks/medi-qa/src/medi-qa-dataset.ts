import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import {
  parseRow,
  readXmlDocument,
  type XmlElement,
  xmlChildElement,
  xmlChildElements,
  xmlElementText,
} from '@medhelm/datasets';
import { z } from 'zod';

/** The abachaa/MEDIQA2019 commit of the pinned test file (the BigBIO script downloads `master`). */
export const MEDI_QA_REVISION = 'ae5d3826d6c841923b9db831159fef0f1b893593';

/** The `bigbio/mediqa_qa` revision HELM loads (its loading script parses the XML read here). */
export const MEDI_QA_HF_REVISION = '9288641f4c785c95dc9079fa526dabb12efdb041';

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

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

// The BigBIO script reads ranks with Python's int() and Hugging Face stores them as int32.
const rank = z
  .string({ error: (issue) => (issue.input === undefined ? 'missing attribute' : 'expected text') })
  .regex(/^\s*[+-]?\d+(?:_\d+)*\s*$/, 'expected an integer (Python int() refuses it)')
  .transform((value) => Number(value.trim().replaceAll('_', '')))
  .refine((value) => value >= INT32_MIN && value <= INT32_MAX, 'outside the int32 range Hugging Face stores');

// `element.find(...).text`: a missing element raises in the BigBIO script, an empty one is None.
const elementText = (name: string) =>
  z.union([z.string(), z.null()], {
    error: () => `no <${name}> element (the BigBIO script raises AttributeError)`,
  });

/** An `<Answer>` of a question's `<AnswerList>`, as the BigBIO script reads it. */
export const mediQaAnswerSchema = z.object({
  AID: z.string({ error: () => 'missing attribute (the BigBIO script raises KeyError)' }),
  SystemRank: rank,
  ReferenceRank: rank,
  ReferenceScore: rank,
  AnswerURL: elementText('AnswerURL'),
  AnswerText: elementText('AnswerText'),
});
export type MediQaAnswer = z.output<typeof mediQaAnswerSchema>;

/** A `<Question>`'s own fields, as the BigBIO script reads them. */
export const mediQaQuestionSchema = z.object({
  QID: z
    .string({ error: () => 'missing attribute (the BigBIO script raises KeyError)' })
    .min(1, 'empty QID: it is the instance id'),
  // HELM puts the text in the prompt: None (an empty element) would crash its adapter.
  QuestionText: z.string({
    error: (issue) =>
      issue.input === null
        ? 'empty <QuestionText> (Hugging Face gives None, which HELM cannot put in a prompt)'
        : 'no <QuestionText> element (the BigBIO script raises AttributeError)',
  }),
  hasAnswerList: z.literal(true, {
    error: () => 'no <AnswerList> element (the BigBIO script raises AttributeError)',
  }),
});

/** A question of the test file, as HELM receives it from `bigbio/mediqa_qa` (source schema). */
export interface MediQaQuestion {
  QID: string;
  QuestionText: string;
  AnswerList: MediQaAnswer[];
}

/**
 * HELM's `_get_highest_ranked_answer`: the AnswerText of the first answer (in file order) whose
 * ReferenceRank is 1, or `""` when no answer is ranked first. (Its text is never None: the loader
 * refuses that, as HELM's `len(answer.split())` would raise.)
 */
export function mediQaReferenceAnswer(answers: readonly MediQaAnswer[]): string {
  return answers.find((answer) => answer.ReferenceRank === 1)?.AnswerText ?? '';
}

/**
 * HELM's MediQAScenario instance for one question: id = QID, input = QuestionText as it is (not
 * stripped), one correct reference = {@link mediQaReferenceAnswer}, split `test`.
 */
export function mediQaInstance(question: MediQaQuestion): Instance {
  return {
    id: question.QID,
    input: { text: question.QuestionText },
    references: [reference(mediQaReferenceAnswer(question.AnswerList), true)],
    split: TEST_SPLIT,
  };
}

/**
 * Reads the `<Question>` children of the root in file order, as the BigBIO loading script does
 * with ElementTree (`iterfind("Question")`, `find(...).text`, `findall("Answer")`), and yields one
 * `test` instance per question, as HELM does with the `test` split. A malformed question is a
 * DatasetLoadError naming the file, the line of the element, the QID and the field; a repeated
 * QID is one too (Hugging Face refuses duplicate keys).
 */
export function createMediQaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'none stated upstream',
    upstream: { url: 'https://github.com/abachaa/MEDIQA2019', revision: MEDI_QA_REVISION },
    files: [MEDI_QA_FILE],
    async *load(context) {
      const path = await context.resolveFile(MEDI_QA_FILE);
      const root = await readXmlDocument(path);
      const seen = new Map<string, number>();
      for (const element of xmlChildElements(root, 'Question')) {
        context.signal?.throwIfAborted();
        const question = readQuestion(path, element);
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

/** One `<Question>` element, validated: its fields at its line, each answer at the answer's line. */
function readQuestion(file: string, element: XmlElement): MediQaQuestion {
  const questionText = xmlChildElement(element, 'QuestionText');
  const answerList = xmlChildElement(element, 'AnswerList');
  const { QID, QuestionText } = parseRow(
    mediQaQuestionSchema,
    {
      QID: element.attributes.QID,
      QuestionText: questionText === undefined ? undefined : xmlElementText(questionText),
      hasAnswerList: answerList !== undefined,
    },
    {
      file,
      line: element.line,
      ...(element.attributes.QID === undefined ? {} : { row: element.attributes.QID }),
    },
  );
  const answers = xmlChildElements(answerList as XmlElement, 'Answer');
  const AnswerList = answers.map((answer) => {
    const text = (name: string) => {
      const child = xmlChildElement(answer, name);
      return child === undefined ? undefined : xmlElementText(child);
    };
    return parseRow(
      mediQaAnswerSchema,
      {
        AID: answer.attributes.AID,
        SystemRank: answer.attributes.SystemRank,
        ReferenceRank: answer.attributes.ReferenceRank,
        ReferenceScore: answer.attributes.ReferenceScore,
        AnswerURL: text('AnswerURL'),
        AnswerText: text('AnswerText'),
      },
      { file, line: answer.line, row: QID },
    );
  });
  const best = AnswerList.findIndex((answer) => answer.ReferenceRank === 1);
  if (best !== -1 && AnswerList[best]?.AnswerText === null) {
    throw new DatasetLoadError(
      'the first answer ranked 1 has an empty <AnswerText> (Hugging Face gives None; HELM raises on it).',
      { location: { file, line: (answers[best] as XmlElement).line, row: QID, field: 'AnswerText' } },
    );
  }
  return { QID, QuestionText, AnswerList };
}
