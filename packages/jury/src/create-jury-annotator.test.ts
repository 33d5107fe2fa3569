import {
  type AnnotateInputV1,
  type GenerationRequest,
  type GenerationResult,
  type IdentifiedInstance,
  type JudgeV1,
  ModelCallError,
  REQUEST_DEFAULTS,
  reference,
} from '@medhelm/core';
import { createOpenAiCompatibleProvider } from '@medhelm/provider-openai-compatible';
import { type MockOpenAiServer, startMockOpenAiServer } from '@medhelm/testing';
import { mockJuryReplyText } from '@medhelm/testing/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { createJuryAnnotator, isPythonBlank, MEDHELM_ANNOTATION_KEY } from './create-jury-annotator.ts';
import { createJuryScorer } from './create-jury-scorer.ts';
import type { JuryRubric } from './jury-rubric.ts';

// A small rubric in HELM's shape; the template asks for JSON naming every criterion, as MedHELM's do.
const rubric: JuryRubric = {
  name: 'mini_notes',
  promptTemplate:
    'Judge the note.\n<conversation>\n{QUESTION}\n</conversation>\n<response>\n{RESPONSE}\n</response>\n' +
    '<gold_response>\n{GOLD_RESPONSE}\n</gold_response>\nOutput a JSON object:\n' +
    '{"accuracy": {"score": 0, "explanation": ""}, "completeness": {"score": 0, "explanation": ""}, "clarity": {"score": 0, "explanation": ""}}\n',
  criteria: {
    accuracy: ['score', 'explanation'],
    completeness: ['score', 'explanation'],
    clarity: ['score', 'explanation'],
  },
  helmAnnotatorClassName: 'helm.benchmark.annotation.mini_notes_annotator.MiniNotesAnnotator',
  metricName: 'mini_notes_accuracy',
  defaultScore: 1,
};

const instance: IdentifiedInstance = {
  id: 'id7',
  input: { text: 'Doctor: any pain? Patient: my knee.' },
  // HELM takes references[0] whatever its tags.
  references: [reference('Knee pain.', false), reference('Other.', true)],
  split: 'test',
};

const candidateRequest: GenerationRequest = {
  prompt: 'Summarize.',
  temperature: 0,
  maxTokens: 100,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

function input(completion: string, overrides: Partial<AnnotateInputV1> = {}): AnnotateInputV1 {
  return {
    instance,
    request: candidateRequest,
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 3, completionTokens: 2 },
      requestTimeSeconds: 0.1,
    },
    completion,
    ...overrides,
  };
}

function result(text: string): GenerationResult {
  return {
    completions: [{ text, finishReason: 'stop' }],
    usage: { promptTokens: 120, completionTokens: 60 },
    requestTimeSeconds: 0.2,
  };
}

/** A judge answering `reply` (or throwing it), recording what it was asked. */
function fakeJudge(name: string, reply: string | Error, asked: GenerationRequest[] = []): JudgeV1 {
  return {
    name,
    helmModel: `test/${name}`,
    generate: async (request) => {
      asked.push(request);
      if (reply instanceof Error) throw reply;
      return result(reply);
    },
  };
}

const verdict = (score: number) =>
  JSON.parse(mockJuryReplyText('valid', ['accuracy', 'completeness', 'clarity'], score)) as Record<
    string,
    unknown
  >;

const EXPECTED_PROMPT =
  'Judge the note.\n<conversation>\nDoctor: any pain? Patient: my knee.\n</conversation>\n<response>\n' +
  'Left knee pain.\n</response>\n<gold_response>\nKnee pain.\n</gold_response>\nOutput a JSON object:\n' +
  '{"accuracy": {"score": 0, "explanation": ""}, "completeness": {"score": 0, "explanation": ""}, "clarity": {"score": 0, "explanation": ""}}\n';

describe('createJuryAnnotator (HELM LLMAsJuryAnnotator.annotate)', () => {
  it('is the annotator HELM names, needs judges and carries the AnnotatorSpec', () => {
    const annotator = createJuryAnnotator(rubric);
    expect(annotator.id).toBe('mini_notes');
    expect(annotator.needsJudges).toBe(true);
    expect(annotator.specificationVersion).toBe('v1');
    expect(annotator.helmAnnotatorSpec).toEqual({
      class_name: 'helm.benchmark.annotation.mini_notes_annotator.MiniNotesAnnotator',
      args: {
        annotator_models: {
          gpt: {
            model_name: 'openai/gpt-4o-2024-05-13',
            model_deployment: 'stanfordhealthcare/gpt-4o-2024-05-13',
          },
          llama: {
            model_name: 'meta/llama-3.3-70b-instruct',
            model_deployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
          },
          claude: {
            model_name: 'anthropic/claude-3-7-sonnet-20250219',
            model_deployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
          },
        },
      },
    });
  });

  it('asks every judge HELM’s request and files only the valid verdicts, in the jury’s order', async () => {
    const asked: GenerationRequest[] = [];
    const judges = [
      fakeJudge('gpt', `Sure.\n${mockJuryReplyText('valid', undefined, 5)}`, asked),
      fakeJudge('llama', mockJuryReplyText('malformed-json'), asked),
      fakeJudge('extra', mockJuryReplyText('missing-closing-brace', undefined, 3), asked),
    ];
    const annotator = createJuryAnnotator(rubric);
    const annotation = (await annotator.annotate(input('Left knee pain.'), {
      judges,
    })) as Record<string, unknown>;
    expect(asked).toHaveLength(3);
    for (const request of asked) {
      expect(request).toEqual({
        prompt: EXPECTED_PROMPT,
        temperature: 0,
        maxTokens: 4096,
        stopSequences: [],
        numCompletions: 1,
        topKPerToken: 1,
        topP: 1,
        presencePenalty: 0,
        frequencyPenalty: 0,
      });
    }
    expect(Object.keys(annotation)).toEqual(['prompt_text', 'gpt', 'extra', MEDHELM_ANNOTATION_KEY]);
    expect(annotation.prompt_text).toBe(EXPECTED_PROMPT);
    expect(annotation.gpt).toEqual(verdict(5));
    expect(annotation.extra).toEqual(verdict(3));
    expect(annotation[MEDHELM_ANNOTATION_KEY]).toEqual({
      emptyCompletion: false,
      judges: {
        gpt: {
          helmModel: 'test/gpt',
          reply: `Sure.\n${mockJuryReplyText('valid', undefined, 5)}`,
          valid: true,
          reason: null,
          repaired: false,
          schemaValid: true,
          schemaReason: null,
          usage: { promptTokens: 120, completionTokens: 60 },
        },
        llama: {
          helmModel: 'test/llama',
          reply: mockJuryReplyText('malformed-json'),
          valid: false,
          reason: 'invalid JSON: Expecting property name enclosed in double quotes: line 2 column 5 (char 6)',
          repaired: false,
          schemaValid: false,
          schemaReason:
            'invalid JSON: Expecting property name enclosed in double quotes: line 2 column 5 (char 6)',
          usage: { promptTokens: 120, completionTokens: 60 },
        },
        extra: expect.objectContaining({ valid: true, repaired: true, schemaValid: true }),
      },
    });
    // The annotation is plain JSON (checkpoints and scenario_state.json store it).
    expect(JSON.parse(JSON.stringify(annotation))).toEqual(annotation);
    // What the engine counts: one check per judge asked, the invalid one with HELM's reason.
    expect(annotator.judgeReplies?.(annotation)).toEqual([
      { judge: 'gpt', valid: true },
      {
        judge: 'llama',
        valid: false,
        reason: 'invalid JSON: Expecting property name enclosed in double quotes: line 2 column 5 (char 6)',
      },
      { judge: 'extra', valid: true },
    ]);
  });

  it('fails the annotation when a judge call fails, after letting the other judges finish', async () => {
    const asked: GenerationRequest[] = [];
    const failure = new ModelCallError('HTTP 500 from judge', { status: 500, isRetryable: true });
    let slowFinished = false;
    const slow: JudgeV1 = {
      name: 'gpt',
      helmModel: 'test/gpt',
      generate: async (request) => {
        asked.push(request);
        await new Promise((resolve) => setTimeout(resolve, 50));
        slowFinished = true;
        return result(mockJuryReplyText('valid'));
      },
    };
    await expect(
      createJuryAnnotator(rubric).annotate(input('Left knee pain.'), {
        judges: [slow, fakeJudge('claude', failure, asked)],
      }),
    ).rejects.toBe(failure);
    expect(asked).toHaveLength(2);
    expect(slowFinished).toBe(true);
  });

  it('has no reply checks for an empty completion, an imported HELM annotation or a record of a failed call', () => {
    const annotator = createJuryAnnotator(rubric);
    expect(
      annotator.judgeReplies?.({ prompt_text: null, empty_output_equivalence_judgement: false }),
    ).toEqual([]);
    expect(annotator.judgeReplies?.({ prompt_text: 'p', gpt: verdict(4) })).toEqual([]);
    expect(
      annotator.judgeReplies?.({
        prompt_text: 'p',
        [MEDHELM_ANNOTATION_KEY]: {
          emptyCompletion: false,
          judges: { gpt: { valid: false, reason: 'judge call failed: x', callFailed: true } },
        },
      }),
    ).toEqual([]);
  });

  it('uses "" for GOLD_RESPONSE when the instance has no reference', async () => {
    const asked: GenerationRequest[] = [];
    await createJuryAnnotator(rubric).annotate(input('x', { instance: { ...instance, references: [] } }), {
      judges: [fakeJudge('gpt', '{}', asked)],
    });
    expect(asked[0]?.prompt).toContain('<gold_response>\n\n</gold_response>');
  });

  it('asks no judge for an empty or Python-whitespace completion and files HELM’s empty-output annotation', async () => {
    for (const blank of ['', '  \n\t', '\u2028\u3000\x1c\x85']) {
      const asked: GenerationRequest[] = [];
      const annotation = await createJuryAnnotator(rubric).annotate(input(blank), {
        judges: [fakeJudge('gpt', mockJuryReplyText('valid'), asked)],
      });
      expect(asked).toEqual([]);
      expect(annotation).toEqual({
        prompt_text: null,
        empty_output_equivalence_judgement: false,
        [MEDHELM_ANNOTATION_KEY]: { emptyCompletion: true, judges: {} },
      });
    }
    // U+200B and U+FEFF are not whitespace to Python's str.strip().
    expect(isPythonBlank('\u200b')).toBe(false);
    expect(isPythonBlank('\ufeff')).toBe(false);
    expect(isPythonBlank(' \u00a0\u1680\u2000\u200a\u202f\u205f\r\v\f')).toBe(true);
  });

  it('lets an abort through instead of recording every judge as failed', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborting: JudgeV1 = {
      name: 'gpt',
      helmModel: 'test/gpt',
      generate: () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    };
    await expect(
      createJuryAnnotator(rubric).annotate(input('note'), { judges: [aborting], signal: controller.signal }),
    ).rejects.toThrow(/aborted/);
  });

  it('refuses a judge named after a key the annotation uses, and several completions (HELM asserts one)', async () => {
    await expect(
      createJuryAnnotator(rubric).annotate(input('note'), {
        judges: [fakeJudge(MEDHELM_ANNOTATION_KEY, '{}')],
      }),
    ).rejects.toThrow(/may not be named "_medhelm"/);
    const two = input('note');
    two.result = {
      ...two.result,
      completions: [...two.result.completions, { text: 'b', finishReason: 'stop' }],
    };
    await expect(createJuryAnnotator(rubric).annotate(two, { judges: [] })).rejects.toThrow(
      /exactly one completion/,
    );
  });
});

describe('the jury against the mock server, through the openai-compatible provider', () => {
  const servers: MockOpenAiServer[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('files valid and repaired verdicts, drops broken ones and scores them as HELM does', async () => {
    const server = await startMockOpenAiServer({
      jury: {
        byModel: {
          'judge-gpt': 'valid',
          'judge-llama': 'missing-closing-brace',
          'judge-claude': 'missing-criterion',
          'judge-mistral': 'non-integer-score',
        },
        score: 4,
      },
    });
    servers.push(server);
    const provider = createOpenAiCompatibleProvider({ timeoutMs: 10_000 });
    const judges: JudgeV1[] = ['gpt', 'llama', 'claude', 'mistral'].map((name) => {
      const model = provider.languageModel(`judge-${name}`, { baseUrl: server.baseUrl, env: {} });
      closers.push(() => model.close());
      return {
        name,
        helmModel: `mock/judge-${name}`,
        generate: (request, options) => model.doGenerate(request, options),
      };
    });
    const annotation = (await createJuryAnnotator(rubric).annotate(input('Left knee pain.'), {
      judges,
    })) as Record<string, unknown>;

    const bodies = server.requests.map((request) => request.body);
    expect(bodies).toHaveLength(4);
    for (const body of bodies) {
      expect(body).toMatchObject({
        messages: [{ role: 'user', content: EXPECTED_PROMPT }],
        temperature: 0,
        max_tokens: 4096,
      });
    }
    expect(Object.keys(annotation)).toEqual([
      'prompt_text',
      'gpt',
      'llama',
      'mistral',
      MEDHELM_ANNOTATION_KEY,
    ]);
    const records = (
      annotation[MEDHELM_ANNOTATION_KEY] as { judges: Record<string, Record<string, unknown>> }
    ).judges;
    expect(records.llama).toMatchObject({ valid: true, repaired: true, schemaValid: true });
    expect(records.claude).toMatchObject({ valid: false, reason: 'missing criterion clarity' });
    expect(records.mistral).toMatchObject({
      valid: true,
      schemaValid: false,
      schemaReason: '/accuracy/score must be integer',
    });

    // HELM counts gpt, llama and claude by default: 6 scores of 4 (claude's reply was dropped).
    const scorer = createJuryScorer(rubric);
    const stats = await scorer.score({
      ...input('Left knee pain.'),
      prediction: 'Left knee pain.',
      numTrainInstances: 0,
      promptTruncated: false,
      annotations: { mini_notes: annotation },
    });
    expect(stats).toMatchObject({
      mini_notes_accuracy: 4,
      mini_notes_accuracy_judge_gpt: 4,
      mini_notes_accuracy_judge_llama: 4,
      mini_notes_accuracy_judge_claude: null,
      mini_notes_accuracy_invalid_replies: 1,
      mini_notes_accuracy_no_valid_judge: 0,
    });
    // With mistral counted too: int(3.5) = 3 for its three criteria, (6 × 4 + 3 × 3) / 9.
    const withMistral = createJuryScorer(rubric, { judgeNames: ['gpt', 'llama', 'claude', 'mistral'] });
    const all = await withMistral.score({
      ...input('Left knee pain.'),
      prediction: 'Left knee pain.',
      numTrainInstances: 0,
      promptTruncated: false,
      annotations: { mini_notes: annotation },
    });
    expect(all.mini_notes_accuracy).toBeCloseTo(33 / 9, 15);
  });
});
