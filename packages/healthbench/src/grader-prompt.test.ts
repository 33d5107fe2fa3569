import { describe, expect, it } from 'vitest';
import { healthBenchGraderPrompt } from './grader-prompt.ts';
import { classifyGraderReply } from './parse-grader-reply.ts';
import { rubricItemString } from './rubric-item.ts';

describe('healthBenchGraderPrompt', () => {
  it("replaces placeholders as Python's str.replace does: every one, in sequence, `$` literally", () => {
    const prompt = healthBenchGraderPrompt([{ role: 'user', content: 'a $& b <<rubric_item>>' }], 'c $1', {
      criterion: 'd <<conversation>>',
      points: -0.5,
    });
    // The conversation is put in first, so its <<rubric_item>> is replaced too; the criterion's
    // <<conversation>> comes in second and stays.
    expect(prompt).toContain(
      '# Conversation\nuser: a $& b [-0.5] d <<conversation>>\n\nassistant: c $1\n\n# Rubric item\n[-0.5] d <<conversation>>\n',
    );
  });

  it('formats points as Python prints the int or float json.loads gives', () => {
    expect(rubricItemString({ criterion: 'x', points: 7 })).toBe('[7] x');
    expect(rubricItemString({ criterion: 'x', points: 2.5 })).toBe('[2.5] x');
    expect(rubricItemString({ criterion: 'x', points: 0 })).toBe('[0] x');
  });
});

describe('classifyGraderReply', () => {
  it('accepts a fenced reply whose criteria_met is a boolean, and retries one that is not', () => {
    expect(classifyGraderReply('```json\n{"criteria_met": false}\n```')).toEqual({
      outcome: 'accepted',
      criteriaMet: false,
      explanation: 'No explanation provided',
    });
    expect(classifyGraderReply('{"criteria_met": "true"}')).toEqual({ outcome: 'retry' });
    expect(classifyGraderReply('```JSON\n{"criteria_met": true}\n```')).toEqual({ outcome: 'retry' });
  });

  it("strips Python's whitespace (U+001C, U+0085) but not a BOM", () => {
    expect(classifyGraderReply('\u001c\u0085{"criteria_met": true}').outcome).toBe('accepted');
    expect(classifyGraderReply('\ufeff{"criteria_met": true}').outcome).toBe('retry');
  });

  it('marks where the reference raises: a bare number or a list holding "criteria_met"', () => {
    expect(classifyGraderReply('42')).toEqual({ outcome: 'raises', error: 'TypeError' });
    expect(classifyGraderReply('["criteria_met", true]')).toEqual({ outcome: 'raises', error: 'TypeError' });
  });
});
