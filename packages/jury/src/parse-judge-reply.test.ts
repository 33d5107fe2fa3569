import { describe, expect, it } from 'vitest';
import { judgeReplySchema } from './judge-reply-schema.ts';
import type { JudgeReply } from './parse-judge-reply.ts';
import { parseJudgeReply } from './parse-judge-reply.ts';

// ACIBenchAnnotator's ANNOTATION_CRITERIA (annotation/aci_bench_annotator.py).
const rubric = {
  criteria: {
    accuracy: ['score', 'explanation'],
    completeness: ['score', 'explanation'],
    clarity: ['score', 'explanation'],
  },
};

const VERDICT = {
  accuracy: { score: 4, explanation: 'a' },
  completeness: { score: 3, explanation: 'b' },
  clarity: { score: 5, explanation: 'c' },
};
const V = JSON.stringify(VERDICT).replaceAll(':', ': ').replaceAll(',"', ', "');

// What HELM's _annotate_with_model does with each reply was worked out from its source
// (model_as_judge.py: the greedy `\{.*\}` span, json.loads, the one "}" repair, the `in` checks)
// and checked against Python 3.11's json module.

function invalidReason(reply: JudgeReply): string {
  if (reply.valid) throw new Error('expected an invalid reply');
  return reply.reason;
}

describe('parseJudgeReply: HELM’s verdict', () => {
  it('accepts a well-formed reply, with or without prose and a code fence around it', () => {
    expect(parseJudgeReply(V, rubric)).toEqual({
      valid: true,
      verdict: VERDICT,
      repaired: false,
      schemaValid: true,
    });
    const fenced = `Here is my evaluation:\n\`\`\`json\n${V}\n\`\`\`\nDone.`;
    expect(parseJudgeReply(fenced, rubric)).toMatchObject({ valid: true, verdict: VERDICT });
  });

  it('takes the span from the first "{" to the LAST "}" (greedy): a brace in trailing prose breaks it', () => {
    const trailing = `Here is my evaluation:\n\`\`\`json\n${V}\n\`\`\`\nLet me know {if} you need more.`;
    expect(invalidReason(parseJudgeReply(trailing, rubric))).toBe(
      'invalid JSON: Extra data: line 2 column 1 (char 142)',
    );
    expect(invalidReason(parseJudgeReply('{"accuracy": 1} and then {"clarity": 2}', rubric))).toBe(
      'invalid JSON: Extra data: line 1 column 17 (char 16)',
    );
  });

  it('repairs a missing closing brace by appending "}" once, only after "Expecting \',\' delimiter"', () => {
    expect(parseJudgeReply(V.slice(0, -1), rubric)).toEqual({
      valid: true,
      verdict: VERDICT,
      repaired: true,
      schemaValid: true,
    });
    // A missing comma also says "Expecting ',' delimiter": the repair is tried and fails.
    const noComma = V.replace('}, "completeness"', '} "completeness"');
    expect(invalidReason(parseJudgeReply(noComma, rubric))).toBe(
      "invalid JSON after appending '}': Expecting ',' delimiter: line 1 column 47 (char 46)",
    );
    // Other errors are not repaired.
    expect(invalidReason(parseJudgeReply(`${V.slice(0, -1)},}`, rubric))).toBe(
      'invalid JSON: Expecting property name enclosed in double quotes: line 1 column 142 (char 141)',
    );
  });

  it('repairs into a reply that then lacks a criterion when the last one was not an object', () => {
    // The span ends at completeness's "}", so clarity is cut off before the repair.
    const reply = V.replace('"clarity": {"score": 5, "explanation": "c"}}', '"clarity": 5');
    expect(invalidReason(parseJudgeReply(reply, rubric))).toBe('missing criterion clarity');
  });

  it('parses the whole reply when it has no braces', () => {
    expect(invalidReason(parseJudgeReply('I cannot evaluate this response.', rubric))).toBe(
      'no JSON object (Expecting value: line 1 column 1 (char 0))',
    );
    expect(invalidReason(parseJudgeReply('', rubric))).toBe(
      'no JSON object (Expecting value: line 1 column 1 (char 0))',
    );
    // json.loads succeeds, then `"accuracy" in [...]` holds and `[...]["accuracy"]` raises TypeError.
    expect(invalidReason(parseJudgeReply('["accuracy", "completeness", "clarity"]', rubric))).toBe(
      'the reply is an array, not an object',
    );
    expect(invalidReason(parseJudgeReply('5', rubric))).toBe('the reply is a number, not an object');
    expect(invalidReason(parseJudgeReply('[]', rubric))).toBe('missing criterion accuracy');
  });

  it('drops a reply missing a criterion or a sub-key', () => {
    const { clarity: _clarity, ...twoCriteria } = VERDICT;
    expect(invalidReason(parseJudgeReply(JSON.stringify(twoCriteria), rubric))).toBe(
      'missing criterion clarity',
    );
    const noExplanation = { ...VERDICT, completeness: { score: 3 } };
    expect(invalidReason(parseJudgeReply(JSON.stringify(noExplanation), rubric))).toBe(
      'missing explanation in criterion completeness',
    );
    const numbers = '{"accuracy": 5, "completeness": 5, "clarity": 5}';
    expect(invalidReason(parseJudgeReply(numbers, rubric))).toBe(
      'criterion accuracy is a number, not an object',
    );
  });

  it('accepts what Python’s `in` accepts: substrings of a string, items of a list, any score', () => {
    const odd =
      '{"accuracy": "score explanation", "completeness": ["score", "explanation"], "clarity": {"score": "x", "explanation": 1}}';
    const parsed = parseJudgeReply(odd, rubric);
    expect(parsed.valid).toBe(true);
    expect(parsed.valid && parsed.verdict).toEqual({
      accuracy: 'score explanation',
      completeness: ['score', 'explanation'],
      clarity: { score: 'x', explanation: 1 },
    });
    expect(parsed.schemaValid).toBe(false);
  });
});

describe('parseJudgeReply: the strict schema beside it (beyond HELM)', () => {
  it('flags non-integer, out-of-range and string scores and extra keys, without changing HELM’s verdict', () => {
    const cases: [unknown, string][] = [
      [{ ...VERDICT, accuracy: { score: 4.5, explanation: 'a' } }, '/accuracy/score must be integer'],
      [{ ...VERDICT, accuracy: { score: 7, explanation: 'a' } }, '/accuracy/score must be <= 5'],
      [{ ...VERDICT, accuracy: { score: 0, explanation: 'a' } }, '/accuracy/score must be >= 1'],
      [{ ...VERDICT, clarity: { score: '4', explanation: 'c' } }, '/clarity/score must be integer'],
      [{ ...VERDICT, clarity: { score: 4, explanation: null } }, '/clarity/explanation must be string'],
      [{ ...VERDICT, overall: 4 }, '(root) must NOT have additional properties (overall)'],
      [
        { ...VERDICT, accuracy: { score: 4, explanation: 'a', confidence: 1 } },
        '/accuracy must NOT have additional properties (confidence)',
      ],
    ];
    for (const [verdict, schemaReason] of cases) {
      expect(parseJudgeReply(JSON.stringify(verdict), rubric)).toEqual({
        valid: true,
        verdict,
        repaired: false,
        schemaValid: false,
        schemaReason,
      });
    }
    const nan = parseJudgeReply(V.replace('"score": 4', '"score": NaN'), rubric);
    expect(nan).toMatchObject({
      valid: true,
      schemaValid: false,
      schemaReason: '/accuracy/score must be integer',
    });
  });

  it('gives an invalid reply a schema reason too', () => {
    const { clarity: _clarity, ...twoCriteria } = VERDICT;
    expect(parseJudgeReply(JSON.stringify(twoCriteria), rubric)).toEqual({
      valid: false,
      reason: 'missing criterion clarity',
      schemaValid: false,
      schemaReason: "(root) must have required property 'clarity'",
    });
    expect(parseJudgeReply('nope', rubric)).toMatchObject({
      valid: false,
      schemaValid: false,
      schemaReason: 'no JSON object (Expecting value: line 1 column 1 (char 0))',
    });
  });

  it('generates the schema from the rubric', () => {
    expect(judgeReplySchema({ criteria: { accuracy: ['score', 'explanation'] } })).toEqual({
      type: 'object',
      properties: {
        accuracy: {
          type: 'object',
          properties: {
            score: { type: 'integer', minimum: 1, maximum: 5 },
            explanation: { type: 'string' },
          },
          required: ['score', 'explanation'],
          additionalProperties: false,
        },
      },
      required: ['accuracy'],
      additionalProperties: false,
    });
  });
});
