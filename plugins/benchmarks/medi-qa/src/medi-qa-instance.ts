import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import type { MediQaAnswer, MediQaQuestion } from './medi-qa-question.ts';

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
