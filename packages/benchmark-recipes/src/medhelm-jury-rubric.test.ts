import { describe, expect, it } from 'vitest';
import { medhelmJudgePromptEnding } from './medhelm-judge-prompt-ending.ts';
import { MEDHELM_JURY_CRITERIA, medhelmJuryRubric } from './medhelm-jury-rubric.ts';

describe('medhelmJuryRubric', () => {
  it("is MedHELM's annotator: accuracy, completeness and clarity, metric <name>_accuracy, default score 1", () => {
    const rubric = medhelmJuryRubric({
      name: 'note_task',
      helmAnnotatorClassName: 'x.NoteTaskAnnotator',
      promptTemplate: '{QUESTION}',
    });
    expect(rubric).toEqual({
      name: 'note_task',
      helmAnnotatorClassName: 'x.NoteTaskAnnotator',
      promptTemplate: '{QUESTION}',
      criteria: MEDHELM_JURY_CRITERIA,
      metricName: 'note_task_accuracy',
      defaultScore: 1,
    });
    expect(MEDHELM_JURY_CRITERIA).toEqual({
      accuracy: ['score', 'explanation'],
      completeness: ['score', 'explanation'],
      clarity: ['score', 'explanation'],
    });
  });

  it("takes any departure from MedHELM's defaults", () => {
    const rubric = medhelmJuryRubric({
      name: 'n',
      helmAnnotatorClassName: 'x.N',
      promptTemplate: '',
      metricName: 'n_score',
      defaultScore: 0,
    });
    expect(rubric).toMatchObject({ metricName: 'n_score', defaultScore: 0 });
  });
});

describe('medhelmJudgePromptEnding', () => {
  it("writes the criteria, the reply's JSON skeleton and the rules, as MedHELM's PROMPT_TEMPLATEs end", () => {
    expect(
      medhelmJudgePromptEnding({
        accuracy: '- Is it right?',
        completeness: 'Is it whole?',
        clarity: '- Is it clear?',
        replyInstruction:
          'Output the evaluation as a single valid JSON object matching the following structure:',
        explanation: 'Explain why this score was given.',
      }),
    ).toBe(`Evaluation Criteria:
Accuracy (1-5)
- Is it right?

Completeness (1-5)
Is it whole?

Clarity (1-5)
- Is it clear?

Output Format:
Output the evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "completeness": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "clarity": {
        "score": 0,
        "explanation": "Explain why this score was given."
    }
}

Ensure the output is valid JSON:
- Use **double quotes** (") for all keys and string values.
- When quoting text or sections inside the explanations, use escaped double quotes (") to
  maintain valid JSON formatting.
- Do not include any additional information in the output.
`);
  });

  it('names the second criterion otherwise where the annotator does (chw_care_plan: structure)', () => {
    const ending = medhelmJudgePromptEnding({
      accuracy: '- Is it right?',
      completeness: '- Is it in shape?',
      clarity: '- Is it clear?',
      replyInstruction: 'Reply:',
      explanation: 'Why.',
      secondCriterion: 'structure',
    });
    expect(ending).toContain('\n\nStructure (1-5)\n- Is it in shape?\n\nClarity (1-5)\n');
    expect(ending).toContain(
      '    },\n    "structure": {\n        "score": 0,\n        "explanation": "Why."\n    },\n',
    );
    expect(ending).not.toContain('ompleteness');
  });
});
