import { describe, expect, it } from 'vitest';
import candidateBlocked from './__fixtures__/responses/candidate-blocked.json' with { type: 'json' };
import maxTokens from './__fixtures__/responses/max-tokens.json' with { type: 'json' };
import promptBlocked from './__fixtures__/responses/prompt-blocked.json' with { type: 'json' };
import stop from './__fixtures__/responses/stop.json' with { type: 'json' };
import thinkingOutOfTokens from './__fixtures__/responses/thinking-out-of-tokens.json' with { type: 'json' };
import thoughtSummary from './__fixtures__/responses/thought-summary.json' with { type: 'json' };
import twoCandidates from './__fixtures__/responses/two-candidates.json' with { type: 'json' };
import { geminiGenerateContentResponseSchema } from './gemini-response-schema.ts';
import { toGeminiCompletions, toGeminiFinishReason, toGeminiUsage } from './to-gemini-completions.ts';

const parse = (json: unknown) => geminiGenerateContentResponseSchema.parse(json);

describe('toGeminiCompletions', () => {
  it.each([
    ['STOP', stop, [{ text: 'Ibuprofen is another common antipyretic.', finishReason: 'stop' }], [31, 8]],
    ['MAX_TOKENS', maxTokens, [{ text: 'A', finishReason: 'length' }], [52, 1]],
    [
      'two candidates, listed out of order',
      twoCandidates,
      [
        { text: 'Ibuprofen.', finishReason: 'stop' },
        { text: 'Naproxen.', finishReason: 'stop' },
      ],
      [31, 7],
    ],
    [
      'a candidate blocked by SAFETY',
      candidateBlocked,
      [{ text: '', finishReason: 'content_filter' }],
      [24, 0],
    ],
    [
      'a prompt blocked before any candidate',
      promptBlocked,
      [{ text: '', finishReason: 'content_filter' }],
      [24, 0],
    ],
    ['a thinking model out of tokens', thinkingOutOfTokens, [{ text: '', finishReason: 'length' }], [52, 0]],
    ['a thought summary before the answer', thoughtSummary, [{ text: 'A', finishReason: 'stop' }], [52, 1]],
  ])('maps a documented response: %s', (_name, json, completions, [promptTokens, completionTokens]) => {
    const response = parse(json);
    expect(toGeminiCompletions(response)).toEqual(completions);
    expect(toGeminiUsage(response)).toEqual({ promptTokens, completionTokens });
  });

  it('cuts the text at the earliest stop sequence the API was not sent, as a stop', () => {
    const response = parse({
      candidates: [
        { content: { parts: [{ text: 'Pulse 80. Note: none. STOP here' }] }, finishReason: 'MAX_TOKENS' },
      ],
    });
    expect(toGeminiCompletions(response, ['STOP', 'Note:'])).toEqual([
      { text: 'Pulse 80. ', finishReason: 'stop' },
    ]);
    expect(toGeminiCompletions(response, ['absent'])).toEqual([
      { text: 'Pulse 80. Note: none. STOP here', finishReason: 'length' },
    ]);
  });

  it('is undefined for a response with neither candidates nor a block reason', () => {
    expect(toGeminiCompletions(parse({ usageMetadata: { promptTokenCount: 3 } }))).toBeUndefined();
    expect(toGeminiCompletions(parse({ candidates: [] }))).toBeUndefined();
  });

  it('has usage 0 where Gemini leaves the counts out, and nothing estimated', () => {
    expect(toGeminiUsage(parse({ candidates: [] }))).toEqual({ promptTokens: 0, completionTokens: 0 });
  });
});

describe('toGeminiFinishReason', () => {
  it('keeps HELM words for STOP and MAX_TOKENS, filters as content_filter, others in lower case', () => {
    expect(toGeminiFinishReason('STOP', true)).toBe('stop');
    expect(toGeminiFinishReason('MAX_TOKENS', false)).toBe('length');
    expect(toGeminiFinishReason('SAFETY', false)).toBe('content_filter');
    expect(toGeminiFinishReason('PROHIBITED_CONTENT', false)).toBe('content_filter');
    expect(toGeminiFinishReason('SAFETY', true)).toBe('safety');
    expect(toGeminiFinishReason('RECITATION', true)).toBe('recitation');
    expect(toGeminiFinishReason('LANGUAGE', false)).toBe('language');
    expect(toGeminiFinishReason('OTHER', true)).toBe('other');
    expect(toGeminiFinishReason(undefined, true)).toBe('unknown');
    expect(toGeminiFinishReason('FINISH_REASON_UNSPECIFIED', true)).toBe('unknown');
  });
});
