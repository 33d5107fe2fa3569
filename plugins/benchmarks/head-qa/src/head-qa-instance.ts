import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import { parsePythonInt, pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** The loading script's `int(text.strip())`, into a Hugging Face int32 column. */
const pythonInt32Text = z.string().transform((text, context) => {
  const value = parsePythonInt(pythonStrip(text));
  if (value === undefined) {
    context.addIssue({ code: 'custom', message: 'expected an integer (Python int() of the stripped text)' });
    return z.NEVER;
  }
  if (value < INT32_MIN || value > INT32_MAX) {
    context.addIssue({ code: 'custom', message: 'outside the int32 range of the Hugging Face column' });
    return z.NEVER;
  }
  return Number(value);
});

/** Python `str.strip()` of a string field, as the loading script does for every text. */
const strippedText = z.string().transform(pythonStrip);

/** One question of an exam, turned into the values the Hugging Face row holds. */
export const headQaQuestionSchema = z.object({
  qid: pythonInt32Text,
  qtext: strippedText,
  ra: pythonInt32Text,
  // The script keeps an image path only when the stripped field is non-empty (None otherwise).
  image: z.string().transform((text) => {
    const path = pythonStrip(text);
    return path === '' ? null : path;
  }),
  answers: z.array(
    z.object({
      aid: z.number().int().min(Number(INT32_MIN)).max(Number(INT32_MAX)),
      atext: strippedText,
    }),
  ),
});

/** One exam of `test_HEAD_EN.json` (`exams[<name>]`), with its fields as the loading script reads them. */
export const headQaExamSchema = z
  .object({
    name: strippedText,
    year: strippedText,
    category: strippedText,
    data: z.array(headQaQuestionSchema),
  })
  .superRefine((exam, context) => {
    // Hugging Face keys each row `<exam index>_<qid>` and refuses a repeated key.
    const seen = new Map<number, number>();
    exam.data.forEach((question, index) => {
      const first = seen.get(question.qid);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['data', index, 'qid'],
          message: `qid ${question.qid} already appeared at data[${first}]; Hugging Face's loader refuses repeated keys`,
        });
      } else seen.set(question.qid, index);
    });
  });

export type HeadQaExam = z.output<typeof headQaExamSchema>;

/** A row of Hugging Face's `dvilares/head_qa` (config `en`): one question with its exam's fields. */
export interface HeadQaRow {
  name: string;
  year: string;
  category: string;
  qid: number;
  qtext: string;
  ra: number;
  /** The image path, or null for a text-only question. */
  image: string | null;
  answers: { aid: number; atext: string }[];
}

/** The loading script's rows for one exam, in question order. */
export function headQaRows(exam: HeadQaExam): HeadQaRow[] {
  const { name, year, category } = exam;
  return exam.data.map((question) => ({ name, year, category, ...question }));
}

/**
 * HELM's HeadQAScenario instance for one text-only row: input = qtext; one reference per answer
 * in `answers` order, `correct` where `aid == ra`; extra data `{id: qid, name, category, year}`.
 * No id: the engine numbers instances `id0`, `id1`, ... in order, as HELM does.
 */
export function headQaInstance(row: HeadQaRow): Instance {
  return {
    input: { text: row.qtext },
    references: row.answers.map((answer) => reference(answer.atext, answer.aid === row.ra)),
    split: TEST_SPLIT,
    extraData: { id: row.qid, name: row.name, category: row.category, year: row.year },
  };
}
