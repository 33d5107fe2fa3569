import { describe, expect, it } from 'vitest';
import { judgesOf } from './site-judges.ts';

describe('judgesOf', () => {
  it("shows a rubric-graded annotation (HealthBench's grader) item by item: points, met or not, explanation", () => {
    const judges = judgesOf({
      healthbench_grader: {
        rubric_items: [
          {
            criterion: 'Advises urgent care.',
            points: 5,
            tags: [],
            criteria_met: true,
            explanation: 'It does.',
            invalid_replies: [],
          },
          {
            criterion: 'Is verbose.',
            points: -2,
            tags: [],
            criteria_met: false,
            explanation: null,
            invalid_replies: ['x'],
          },
        ],
      },
    });
    expect(judges).toEqual([
      {
        annotator: 'healthbench_grader',
        judge: 'grader',
        valid: true,
        reason: null,
        scores: [
          { criterion: 'Advises urgent care.', score: 5, explanation: 'It does.', points: 5, met: true },
          { criterion: 'Is verbose.', score: 0, explanation: null, points: -2, met: false },
        ],
      },
    ]);
  });

  it("names the jury of HealthBench's jury variant as the rubric's grader", () => {
    const judges = judgesOf({
      healthbench_jury: {
        grader: 'jury (a, b)',
        rubric_items: [
          {
            criterion: 'Advises urgent care.',
            points: 5,
            tags: [],
            criteria_met: true,
            explanation: 'met',
            judges: {},
          },
        ],
      },
    });
    expect(judges.map((judge) => [judge.annotator, judge.judge, judge.scores[0]?.score])).toEqual([
      ['healthbench_jury', 'jury (a, b)', 5],
    ]);
  });
});
