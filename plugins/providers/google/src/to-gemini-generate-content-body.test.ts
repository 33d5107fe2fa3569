import { type GenerationRequest, generationRequestSchema, REQUEST_DEFAULTS } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import chatWithSystem from './__fixtures__/requests/chat-with-system.json' with { type: 'json' };
import manyStopSequences from './__fixtures__/requests/many-stop-sequences.json' with { type: 'json' };
import textPrompt from './__fixtures__/requests/text-prompt.json' with { type: 'json' };
import {
  BLOCK_NONE_SAFETY_SETTINGS,
  splitStopSequences,
  toGeminiGenerateContentBody,
} from './to-gemini-generate-content-body.ts';

const base: GenerationRequest = {
  prompt: 'Question?',
  temperature: 0,
  maxTokens: 5,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

describe('toGeminiGenerateContentBody', () => {
  it.each([
    ['a HELM text prompt', textPrompt],
    ['chat messages with a system message', chatWithSystem],
    ['more stop sequences than the API takes', manyStopSequences],
  ])('builds the documented body for %s', (_name, fixture) => {
    const request = generationRequestSchema.parse(fixture.request);
    expect(toGeminiGenerateContentBody(request, BLOCK_NONE_SAFETY_SETTINGS)).toEqual(fixture.body);
  });

  it('sends no safetySettings with the default preset, and leaves out empty and default fields', () => {
    const body = toGeminiGenerateContentBody(base, undefined);
    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Question?' }] }],
      generationConfig: { temperature: 0, maxOutputTokens: 5, candidateCount: 1 },
    });
  });

  it('sends penalties only when they are not 0, and never topK', () => {
    const body = toGeminiGenerateContentBody(
      { ...base, presencePenalty: 0.5, frequencyPenalty: -0.25, topKPerToken: 5 },
      undefined,
    );
    expect(body.generationConfig).toEqual({
      temperature: 0,
      maxOutputTokens: 5,
      candidateCount: 1,
      presencePenalty: 0.5,
      frequencyPenalty: -0.25,
    });
  });

  it('puts every system message into systemInstruction, one part each', () => {
    const body = toGeminiGenerateContentBody(
      {
        ...base,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'system', content: 'Answer in English.' },
        ],
      },
      undefined,
    );
    expect(body.systemInstruction).toEqual({
      parts: [{ text: 'Be brief.' }, { text: 'Answer in English.' }],
    });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
  });

  it('does not let a caller change the shared safety settings through a body', () => {
    const body = toGeminiGenerateContentBody(base, BLOCK_NONE_SAFETY_SETTINGS);
    const first = body.safetySettings?.[0];
    if (first !== undefined) first.threshold = 'BLOCK_LOW_AND_ABOVE';
    expect(BLOCK_NONE_SAFETY_SETTINGS[0]?.threshold).toBe('BLOCK_NONE');
  });
});

describe('splitStopSequences', () => {
  it('sends the first five distinct non-empty sequences and applies the rest itself', () => {
    expect(splitStopSequences(['\n', '\n', '', 'a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      sent: ['\n', 'a', 'b', 'c', 'd'],
      applied: ['e', 'f'],
    });
    expect(splitStopSequences([])).toEqual({ sent: [], applied: [] });
  });
});
