import { type GenerationRequest, generationRequestSchema, REQUEST_DEFAULTS } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import chatWithSystem from './__fixtures__/requests/chat-with-system.json' with { type: 'json' };
import textPrompt from './__fixtures__/requests/text-prompt.json' with { type: 'json' };
import { anthropicStopSequences, toAnthropicMessagesBody } from './to-anthropic-messages-body.ts';

const MODEL = 'claude-3-7-sonnet-20250219';

const base: GenerationRequest = {
  prompt: 'Question?',
  temperature: 0,
  maxTokens: 5,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

describe('toAnthropicMessagesBody', () => {
  it.each([
    ['a HELM text prompt', textPrompt],
    ['chat messages with a system message', chatWithSystem],
  ])('builds the documented body for %s', (_name, fixture) => {
    const request = generationRequestSchema.parse(fixture.request);
    expect(toAnthropicMessagesBody(MODEL, request)).toEqual(fixture.body);
  });

  it('leaves out stop_sequences when none remain, and top_p when it is 1', () => {
    const body = toAnthropicMessagesBody(MODEL, { ...base, stopSequences: ['\n', ' ', ''] });
    expect(body).not.toHaveProperty('stop_sequences');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('system');
  });

  it('sends no penalties or top_k, which the Messages API does not have', () => {
    const body = toAnthropicMessagesBody(MODEL, {
      ...base,
      presencePenalty: 0.5,
      frequencyPenalty: 0.5,
      topKPerToken: 5,
    });
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'temperature']);
  });

  it('joins several system messages with a blank line, wherever they are', () => {
    const body = toAnthropicMessagesBody(MODEL, {
      ...base,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Answer in English.' },
      ],
    });
    expect(body.system).toBe('Be brief.\n\nAnswer in English.');
    expect(body.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('keeps stop sequences with any non-whitespace, whitespace around them included', () => {
    expect(anthropicStopSequences(['\n', '\n\n', ' A', '\t', 'Answer:\n', ''])).toEqual([' A', 'Answer:\n']);
  });
});
