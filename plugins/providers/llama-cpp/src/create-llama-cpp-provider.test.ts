import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, type GenerationRequest, ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { createLlamaCppProvider, parseLlamaCppModelId } from './create-llama-cpp-provider.ts';
import type {
  LlamaChatHistoryItem,
  LlamaGenerationOptions,
  LlamaSequenceLike,
  NodeLlamaCppBinding,
} from './node-llama-cpp-binding.ts';

const env = {};
const scratch = mkdtempSync(join(tmpdir(), 'medhelm-llama-cpp-'));

/** A file with a GGUF header (magic, version 3, no tensors): enough for the checks before loading. */
function ggufFile(name: string, extra = ''): string {
  const path = join(scratch, name);
  const header = Buffer.alloc(24);
  header.write('GGUF', 0, 'latin1');
  header.writeUInt32LE(3, 4);
  writeFileSync(path, Buffer.concat([header, Buffer.from(extra)]));
  return path;
}

const request = (overrides: Partial<GenerationRequest> = {}): GenerationRequest => ({
  prompt: 'Question: is aspirin an NSAID?\nAnswer:',
  temperature: 0,
  maxTokens: 5,
  stopSequences: ['\n'],
  numCompletions: 1,
  topKPerToken: 1,
  topP: 1,
  presencePenalty: 0,
  frequencyPenalty: 0,
  ...overrides,
});

interface Recorded {
  events: string[];
  generations: Array<{
    kind: 'chat' | 'completion';
    history?: LlamaChatHistoryItem[];
    input: string;
    options: LlamaGenerationOptions;
  }>;
}

/**
 * A stand-in for node-llama-cpp's native runtime (no GGUF model can be downloaded here): records what
 * the provider asks of the library and answers like it, with a token meter that counts words.
 */
function standInBinding(
  recorded: Recorded,
  answer: (input: string) => { text: string; stopReason: string } = () => ({
    text: 'Yes',
    stopReason: 'eogToken',
  }),
): NodeLlamaCppBinding {
  const meter = { usedInputTokens: 0, usedOutputTokens: 0 };
  let busy = false;
  const generate = async (
    kind: 'chat' | 'completion',
    input: string,
    options: LlamaGenerationOptions,
    history?: LlamaChatHistoryItem[],
  ) => {
    if (busy) throw new Error('two generations at once on one sequence');
    busy = true;
    await new Promise((resolve) => setTimeout(resolve, 5));
    busy = false;
    recorded.generations.push({ kind, input, options, ...(history === undefined ? {} : { history }) });
    const result = answer(input);
    meter.usedInputTokens += input.split(/\s+/).length;
    meter.usedOutputTokens += result.text.split(/\s+/).length;
    return result;
  };
  const sequence: LlamaSequenceLike = {
    tokenMeter: { getState: () => ({ ...meter }) },
    clearHistory: async () => {
      recorded.events.push('clearHistory');
    },
  };
  return {
    getLlama: async () => {
      recorded.events.push('getLlama');
      return {
        loadModel: async ({ modelPath }) => {
          recorded.events.push(`loadModel ${modelPath}`);
          return {
            createContext: async () => {
              recorded.events.push('createContext');
              return {
                getSequence: () => sequence,
                dispose: async () => {
                  recorded.events.push('context.dispose');
                },
              };
            },
            dispose: async () => {
              recorded.events.push('model.dispose');
            },
          };
        },
        dispose: async () => {
          recorded.events.push('llama.dispose');
        },
      };
    },
    LlamaChatSession: class {
      history: LlamaChatHistoryItem[] = [];
      setChatHistory(history: LlamaChatHistoryItem[]) {
        this.history = history;
      }
      async promptWithMeta(prompt: string, options: LlamaGenerationOptions) {
        const result = await generate('chat', prompt, options, this.history);
        return { responseText: result.text, stopReason: result.stopReason };
      }
      dispose(options?: { disposeSequence?: boolean }) {
        recorded.events.push(`session.dispose disposeSequence=${options?.disposeSequence}`);
      }
    },
    LlamaCompletion: class {
      async generateCompletionWithMeta(input: string, options: LlamaGenerationOptions) {
        const result = await generate('completion', input, options);
        return { response: result.text, metadata: { stopReason: result.stopReason } };
      }
      dispose() {}
    },
  };
}

function setup(answer?: (input: string) => { text: string; stopReason: string }) {
  const recorded: Recorded = { events: [], generations: [] };
  const provider = createLlamaCppProvider({ loadBinding: async () => standInBinding(recorded, answer) });
  return { recorded, provider };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
}

describe('llama-cpp model files', () => {
  const provider = createLlamaCppProvider({
    loadBinding: async () => {
      throw new Error('must not be loaded for a bad model file');
    },
  });

  it('says how to give a model file when none is given', () => {
    expect(() => provider.languageModel('', { env })).toThrow(ConfigError);
    expect(() => provider.languageModel('', { env })).toThrow('needs a GGUF model file, and none was given');
  });

  it('names a missing model file', () => {
    const missing = join(scratch, 'missing.gguf');
    const error = (() => {
      try {
        provider.languageModel(missing, { env });
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`llama-cpp model file ${missing} does not exist or cannot be read.`);
    expect(error.hint).toContain('--models llama-cpp:');
  });

  it('refuses a file that is not GGUF', () => {
    const path = join(scratch, 'model.safetensors');
    writeFileSync(path, '{"__metadata__": {}}');
    expect(() => provider.languageModel(path, { env })).toThrow('is not a GGUF file');
  });

  it('refuses an unknown mode suffix and parses the known ones', () => {
    expect(parseLlamaCppModelId('/m/x.gguf')).toEqual({ path: '/m/x.gguf', mode: 'chat' });
    expect(parseLlamaCppModelId('/m/x.gguf#completion')).toEqual({ path: '/m/x.gguf', mode: 'completion' });
    expect(() => parseLlamaCppModelId('/m/x.gguf#fast')).toThrow('unknown mode "#fast"');
  });

  it('identifies answers by the file content, not its path', () => {
    const a = provider.languageModel(ggufFile('a.gguf', 'weights-1'), { env });
    const sameContent = provider.languageModel(ggufFile('b.gguf', 'weights-1'), { env });
    const changed = provider.languageModel(ggufFile('a.gguf', 'weights-2'), { env });
    expect(a.cacheIdentity.modelHeadSha256).toBe(sameContent.cacheIdentity.modelHeadSha256);
    expect(changed.cacheIdentity.modelHeadSha256).not.toBe(a.cacheIdentity.modelHeadSha256);
    expect(a.cacheIdentity).toMatchObject({ mode: 'chat', nodeLlamaCpp: '3.21.1' });
  });
});

describe('llama-cpp without node-llama-cpp installed', () => {
  it('fails the call with a non-retryable error that says what to install', async () => {
    const installed = await import(/* @vite-ignore */ ['node', 'llama', 'cpp'].join('-')).then(
      () => true,
      () => false,
    );
    if (installed) return; // Only meaningful where the optional peer is absent (CI, this repo).
    const model = createLlamaCppProvider().languageModel(ggufFile('c.gguf'), { env });
    const error = (await rejection(model.doGenerate(request()))) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('node-llama-cpp, which is not installed');
    expect(error.hint).toContain('npm install node-llama-cpp@3.21.1');
  });
});

describe('llama-cpp generation (node-llama-cpp stand-in)', () => {
  it("sends a HELM prompt as one user turn with no system prompt, with the request's sampling settings", async () => {
    const { recorded, provider } = setup();
    const model = provider.languageModel(ggufFile('d.gguf'), { env });
    const result = await model.doGenerate(request());
    expect(result.completions).toEqual([{ text: 'Yes', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 6, completionTokens: 1 });
    expect(recorded.generations).toEqual([
      {
        kind: 'chat',
        history: [],
        input: 'Question: is aspirin an NSAID?\nAnswer:',
        options: { maxTokens: 5, temperature: 0, topP: 1, seed: 0, customStopTriggers: ['\n'] },
      },
    ]);
    expect(recorded.events).toEqual([
      'getLlama',
      `loadModel ${join(scratch, 'd.gguf')}`,
      'createContext',
      'clearHistory',
      'session.dispose disposeSequence=false',
    ]);
  });

  it('maps chat messages to history and the last user turn, and a token limit to finish reason "length"', async () => {
    const { recorded, provider } = setup(() => ({ text: 'Take it with', stopReason: 'maxTokens' }));
    const model = provider.languageModel(ggufFile('e.gguf'), { env });
    const result = await model.doGenerate(
      request({
        stopSequences: [],
        messages: [
          { role: 'system', content: 'You are a pharmacist.' },
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi' },
          { role: 'user', content: 'How do I take ibuprofen?' },
        ],
      }),
    );
    expect(result.completions).toEqual([{ text: 'Take it with', finishReason: 'length' }]);
    expect(recorded.generations[0]).toEqual({
      kind: 'chat',
      history: [
        { type: 'system', text: 'You are a pharmacist.' },
        { type: 'user', text: 'Hello' },
        { type: 'model', response: ['Hi'] },
      ],
      input: 'How do I take ibuprofen?',
      options: { maxTokens: 5, temperature: 0, topP: 1, seed: 0 },
    });
  });

  it('continues the raw text in #completion mode and samples each completion with its own seed', async () => {
    const { recorded, provider } = setup();
    const model = provider.languageModel(`${ggufFile('f.gguf')}#completion`, { env });
    const result = await model.doGenerate(request({ numCompletions: 2, temperature: 0.7 }));
    expect(result.completions).toHaveLength(2);
    expect(recorded.generations.map((g) => [g.kind, g.options.seed, g.options.temperature])).toEqual([
      ['completion', 0, 0.7],
      ['completion', 1, 0.7],
    ]);
    expect(result.usage).toEqual({ promptTokens: 12, completionTokens: 2 });
    expect(model.cacheIdentity.mode).toBe('completion');
  });

  it('runs concurrent calls to one model one at a time', async () => {
    const { recorded, provider } = setup((input) => ({ text: input.slice(-1), stopReason: 'eogToken' }));
    const model = provider.languageModel(ggufFile('g.gguf'), { env });
    const results = await Promise.all(
      ['1', '2', '3'].map((n) => model.doGenerate(request({ prompt: `count ${n}` }))),
    );
    expect(results.map((r) => r.completions[0]?.text)).toEqual(['1', '2', '3']);
    expect(recorded.generations).toHaveLength(3);
  });

  it('turns a library failure into a non-retryable ModelCallError and keeps serving later calls', async () => {
    let fail = true;
    const { provider } = setup(() => {
      if (fail) throw new Error('context size too small for the prompt');
      return { text: 'ok', stopReason: 'eogToken' };
    });
    const model = provider.languageModel(ggufFile('h.gguf'), { env });
    const error = (await rejection(model.doGenerate(request()))) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('context size too small for the prompt');
    fail = false;
    expect((await model.doGenerate(request())).completions[0]?.text).toBe('ok');
  });

  it('loads weights once for every run of the invocation and releases them on close', async () => {
    const { recorded, provider } = setup();
    const path = ggufFile('i.gguf');
    const first = provider.languageModel(path, { env });
    await first.doGenerate(request());
    await first.close?.();
    const second = provider.languageModel(path, { env });
    await second.doGenerate(request());
    await second.close?.();
    await provider.close?.();
    expect(
      recorded.events.filter((event) => !event.startsWith('session') && event !== 'clearHistory'),
    ).toEqual([
      'getLlama',
      `loadModel ${path}`,
      'createContext',
      'context.dispose',
      'createContext',
      'context.dispose',
      'model.dispose',
      'llama.dispose',
    ]);
    await expect(first.doGenerate(request())).rejects.toThrow('was closed');
  });
});
