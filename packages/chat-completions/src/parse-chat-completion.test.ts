import { describe, expect, it } from 'vitest';
import { parseChatCompletion } from './parse-chat-completion.ts';

const requestBody = { model: 'm', messages: [{ role: 'user', content: 'abcdefgh' }] };

function response(content: string | null, finishReason: string | null = 'stop', usage?: unknown) {
  return {
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage,
  };
}

describe('parseChatCompletion', () => {
  it('reads the text, finish reason and usage', () => {
    expect(
      parseChatCompletion(response('B', 'length', { prompt_tokens: 3, completion_tokens: 1 }), {
        requestBody,
      }),
    ).toEqual({
      success: true,
      completions: [{ text: 'B', finishReason: 'length' }],
      usage: { promptTokens: 3, completionTokens: 1 },
    });
  });

  it('cuts answers before the earliest stop sequence it is given, as HELM truncate_sequence does', () => {
    const parsed = parseChatCompletion(response('Answer: B\nbecause ###', 'length'), {
      requestBody,
      truncateAt: ['###', '\n'],
    });
    expect(parsed.success && parsed.completions).toEqual([{ text: 'Answer: B', finishReason: 'stop' }]);
    const untouched = parseChatCompletion(response('B', 'length'), { requestBody, truncateAt: ['\n', ''] });
    expect(untouched.success && untouched.completions).toEqual([{ text: 'B', finishReason: 'length' }]);
  });

  it('estimates usage when the server reports none, and says what is wrong with a non-completion', () => {
    const parsed = parseChatCompletion(response(null, null), { requestBody });
    expect(parsed).toEqual({
      success: true,
      completions: [{ text: '', finishReason: 'unknown' }],
      usage: { promptTokens: 2, completionTokens: 0, estimated: true },
    });
    const wrong = parseChatCompletion({ choices: [] }, { requestBody });
    expect(wrong.success).toBe(false);
    expect(!wrong.success && wrong.problems[0]).toMatch(/^choices: /);
  });
});
