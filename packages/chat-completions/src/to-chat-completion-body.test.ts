import { type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { toChatCompletionBody } from './to-chat-completion-body.ts';

const request: GenerationRequest = {
  prompt: 'Question: Is aspirin an NSAID?\nAnswer:',
  temperature: 0,
  maxTokens: 5,
  stopSequences: ['\n'],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

describe('toChatCompletionBody', () => {
  it("sends HELM's parameters as they are by default, n included", () => {
    expect(toChatCompletionBody('gpt-4o', request)).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: request.prompt }],
      temperature: 0,
      max_tokens: 5,
      n: 1,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
      stop: ['\n'],
    });
  });

  it('leaves out n for one completion when asked, and model when there is none (Azure)', () => {
    const body = toChatCompletionBody(undefined, request, { alwaysSendN: false });
    expect(body).not.toHaveProperty('n');
    expect(body).not.toHaveProperty('model');
    expect(toChatCompletionBody(undefined, { ...request, numCompletions: 3 }, { alwaysSendN: false }).n).toBe(
      3,
    );
  });

  it('sends reasoning models max_completion_tokens and reasoning_effort, and none of what they reject', () => {
    const body = toChatCompletionBody(
      'o3-mini',
      { ...request, temperature: 0.7 },
      {
        reasoning: true,
        reasoningEffort: 'high',
        alwaysSendN: false,
      },
    );
    expect(body).toEqual({
      model: 'o3-mini',
      messages: [{ role: 'user', content: request.prompt }],
      max_completion_tokens: 5,
      reasoning_effort: 'high',
    });
  });

  it('keeps chat messages as given and leaves out an empty stop list', () => {
    const messages = [
      { role: 'system' as const, content: 'You are a doctor.' },
      { role: 'user' as const, content: 'Hello' },
    ];
    const body = toChatCompletionBody('m', { ...request, messages, stopSequences: [] });
    expect(body.messages).toEqual(messages);
    expect(body).not.toHaveProperty('stop');
  });
});
