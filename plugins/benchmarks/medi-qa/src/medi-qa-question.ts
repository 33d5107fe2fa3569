import { DatasetLoadError } from '@medhelm/core';
import {
  parseRow,
  type XmlElement,
  xmlChildElement,
  xmlChildElements,
  xmlElementText,
} from '@medhelm/datasets';
import { z } from 'zod';

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

/** One `<Question>` element, validated: its fields at its line, each answer at the answer's line. */
export function readMediQaQuestion(file: string, element: XmlElement): MediQaQuestion {
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
