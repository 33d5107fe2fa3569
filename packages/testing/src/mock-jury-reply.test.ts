import { afterEach, describe, expect, it } from 'vitest';
import {
  isJudgePrompt,
  MOCK_JURY_REPLY_KINDS,
  type MockJuryReplyKind,
  mockJuryReply,
  mockJuryReplyText,
} from './mock-jury-reply.ts';
import {
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  startMockOpenAiServer,
} from './mock-openai-server.ts';
import type { MockModelCall } from './mock-wire.ts';

let server: MockOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: MockOpenAiServerOptions): Promise<MockOpenAiServer> {
  server = await startMockOpenAiServer(options);
  return server;
}

// The output-format part of MedHELM's judge templates (aci_bench_annotator.py), enough to be recognised.
const JUDGE_PROMPT = `Evaluate the note.
Output the evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {"score": 0, "explanation": "Explain why this score was given."},
    "completeness": {"score": 0, "explanation": "Explain why this score was given."},
    "clarity": {"score": 0, "explanation": "Explain why this score was given."}
}`;

async function ask(baseUrl: string, model: string, content: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }], temperature: 0, max_tokens: 4096 }),
  });
  const json = (await response.json()) as { choices: { message: { content: string | null } }[] };
  return json.choices[0]?.message.content ?? null;
}

function call(prompt: string, model = 'judge'): MockModelCall {
  return {
    wire: 'openai',
    model,
    prompt,
    system: undefined,
    messages: [{ role: 'user', text: prompt }],
    maxTokens: 4096,
    temperature: 0,
    stopSequences: undefined,
    n: 1,
    body: {},
  };
}

describe('mock jury replies', () => {
  it('recognises judge prompts by their JSON request naming every criterion', () => {
    expect(isJudgePrompt(call(JUDGE_PROMPT))).toBe(true);
    expect(isJudgePrompt(call('Summarize the conversation.'))).toBe(false);
    expect(isJudgePrompt(call(JUDGE_PROMPT), ['accuracy', 'structure'])).toBe(false);
  });

  it('writes each kind of reply as described', () => {
    const criteria = ['accuracy', 'clarity'];
    const valid = JSON.parse(mockJuryReplyText('valid', criteria, 5));
    expect(Object.keys(valid)).toEqual(criteria);
    expect(valid.accuracy).toEqual({ score: 5, explanation: "The response's accuracy merits 5." });
    // Missing its last "}": appending one (HELM's repair) gives the valid reply back.
    const cut = mockJuryReplyText('missing-closing-brace', criteria, 5);
    expect(() => JSON.parse(cut)).toThrow();
    expect(JSON.parse(`${cut}}`)).toEqual(valid);
    const wrapped = mockJuryReplyText('prose-wrapped', criteria, 5);
    expect(JSON.parse(wrapped.slice(wrapped.indexOf('{'), wrapped.lastIndexOf('}') + 1))).toEqual(valid);
    expect(() => JSON.parse(mockJuryReplyText('malformed-json', criteria))).toThrow();
    expect(Object.keys(JSON.parse(mockJuryReplyText('missing-criterion', criteria)))).toEqual(['accuracy']);
    expect(JSON.parse(mockJuryReplyText('missing-explanation', criteria)).accuracy).toEqual({ score: 4 });
    expect(JSON.parse(mockJuryReplyText('non-integer-score', criteria, 4)).clarity.score).toBe(3.5);
    expect(JSON.parse(mockJuryReplyText('string-score', criteria, 4)).clarity.score).toBe('4');
    expect(mockJuryReplyText('no-json')).not.toContain('{');
    expect(mockJuryReplyText('empty')).toBe('');
  });

  it('chooses the kind by script position, then by model, then the default', async () => {
    const reply = mockJuryReply({
      script: ['malformed-json', 'valid'],
      byModel: { 'judge-llama': 'missing-criterion' },
      kind: 'no-json',
    });
    const kinds: string[] = [];
    for (const model of ['judge-llama', 'judge-llama', 'judge-llama', 'judge-gpt']) {
      kinds.push(((await reply(call(JUDGE_PROMPT, model), 0)) as { content: string }).content);
    }
    expect(kinds).toEqual([
      mockJuryReplyText('malformed-json'),
      mockJuryReplyText('valid'),
      mockJuryReplyText('missing-criterion'),
      mockJuryReplyText('no-json'),
    ]);
  });

  it('answers judge prompts with rubric JSON and other prompts with `reply` (jury mode of the server)', async () => {
    const byModel: Record<string, MockJuryReplyKind> = { 'judge-claude': 'missing-closing-brace' };
    const { baseUrl, requests } = await start({
      jury: { byModel, score: 3 },
      reply: () => 'candidate answer',
    });
    expect(await ask(baseUrl, 'candidate', 'Summarize the conversation.')).toBe('candidate answer');
    expect(await ask(baseUrl, 'judge-gpt', JUDGE_PROMPT)).toBe(mockJuryReplyText('valid', undefined, 3));
    expect(await ask(baseUrl, 'judge-claude', JUDGE_PROMPT)).toBe(
      mockJuryReplyText('missing-closing-brace', undefined, 3),
    );
    expect(requests.map((request) => request.call?.model)).toEqual([
      'candidate',
      'judge-gpt',
      'judge-claude',
    ]);
  });

  it('has a distinct text for every kind', () => {
    const texts = new Set(MOCK_JURY_REPLY_KINDS.map((kind) => mockJuryReplyText(kind)));
    expect(texts.size).toBe(MOCK_JURY_REPLY_KINDS.length);
  });
});
