import { basename } from 'node:path';
import {
  ConfigError,
  defineProvider,
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  MedHelmError,
  ModelCallError,
  type ModelProviderV1,
} from '@medhelm/core';
import { checkGgufFile, type GgufFile } from './check-gguf-file.ts';
import {
  type LlamaChatHistoryItem,
  type LlamaContextLike,
  type LlamaGenerationOptions,
  type LlamaLike,
  type LlamaModelLike,
  type LlamaSequenceLike,
  type LoadNodeLlamaCpp,
  loadNodeLlamaCpp,
  NODE_LLAMA_CPP_VERSION,
  type NodeLlamaCppBinding,
} from './node-llama-cpp-binding.ts';

/** The provider id users write in `--models llama-cpp:<path to .gguf>`. */
export const LLAMA_CPP_PROVIDER_ID = 'llama-cpp';

/**
 * How a prompt reaches the model: `chat` wraps it in the model's own chat template as one user
 * message (what chat APIs do with HELM's prompts; the default), `completion` continues the raw text.
 */
export type LlamaCppMode = 'chat' | 'completion';

/** Options of {@link createLlamaCppProvider}. */
export interface LlamaCppProviderOptions {
  /** How node-llama-cpp is obtained; by default it is imported on the first call. */
  loadBinding?: LoadNodeLlamaCpp;
  /** Context size in tokens for each model; `auto` (default) lets node-llama-cpp fit the memory. */
  contextSize?: number | 'auto';
}

/**
 * Runs GGUF models in-process through node-llama-cpp. The model id is the path of the .gguf file,
 * optionally followed by `#completion` for raw-text continuation instead of the chat template. The
 * file is checked when the model is created (a clear ConfigError when it is missing or not GGUF);
 * node-llama-cpp is imported and the weights loaded only at the first call. Calls to one model run
 * one at a time. Loaded weights are shared by every run of the invocation and released by `close`.
 */
export function createLlamaCppProvider(options: LlamaCppProviderOptions = {}): ModelProviderV1 {
  const loadBinding = options.loadBinding ?? loadNodeLlamaCpp;
  let binding: Promise<NodeLlamaCppBinding> | undefined;
  let llama: Promise<LlamaLike> | undefined;
  const models = new Map<string, Promise<LlamaModelLike>>();

  const shared: SharedRuntime = {
    binding: () => {
      binding ??= loadBinding();
      return binding;
    },
    model: (path) => {
      let model = models.get(path);
      if (model === undefined) {
        llama ??= shared.binding().then((loaded) => loaded.getLlama());
        model = llama.then((runtime) => runtime.loadModel({ modelPath: path }));
        // A failed load is not remembered: the next run tries again.
        model.catch(() => models.delete(path));
        models.set(path, model);
      }
      return model;
    },
    contextSize: options.contextSize ?? 'auto',
  };

  return defineProvider({
    id: LLAMA_CPP_PROVIDER_ID,
    // The GGUF model runs in this process: no data leaves the machine.
    inProcess: true,
    displayName: 'llama.cpp (in-process GGUF via node-llama-cpp)',
    languageModel: (modelId) => createLlamaCppModel(modelId, shared),
    close: async () => {
      const loaded = [...models.values()];
      models.clear();
      await Promise.all(loaded.map((model) => model.then((m) => m.dispose()).catch(() => undefined)));
      const runtime = llama;
      llama = undefined;
      await runtime?.then((r) => r.dispose()).catch(() => undefined);
    },
  });
}

interface SharedRuntime {
  binding(): Promise<NodeLlamaCppBinding>;
  model(path: string): Promise<LlamaModelLike>;
  contextSize: number | 'auto';
}

/** Splits `<path>[#chat|#completion]`. */
export function parseLlamaCppModelId(modelId: string): { path: string; mode: LlamaCppMode } {
  const hash = modelId.lastIndexOf('#');
  if (hash === -1) return { path: modelId, mode: 'chat' };
  const mode = modelId.slice(hash + 1);
  if (mode !== 'chat' && mode !== 'completion') {
    throw new ConfigError(`llama-cpp model "${modelId}": unknown mode "#${mode}".`, {
      hint: 'End the model path with #chat (the default: the model’s chat template) or #completion (raw text continuation).',
    });
  }
  return { path: modelId.slice(0, hash), mode };
}

function createLlamaCppModel(modelId: string, shared: SharedRuntime): LanguageModelV1 {
  const { path, mode } = parseLlamaCppModelId(modelId);
  const file = checkGgufFile(path);
  let context: Promise<LlamaContextLike> | undefined;
  let sequence: LlamaSequenceLike | undefined;
  // One call at a time: a context sequence holds one conversation.
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const sequenceOf = async (): Promise<LlamaSequenceLike> => {
    context ??= shared
      .model(file.path)
      .then((model) => model.createContext({ contextSize: shared.contextSize }));
    sequence ??= (await context).getSequence();
    return sequence;
  };

  const generate = async (request: GenerationRequest, signal?: AbortSignal): Promise<GenerationResult> => {
    if (closed) throw new ModelCallError(`llama-cpp model ${file.path} was closed`, { isRetryable: false });
    const started = Date.now();
    const binding = await shared.binding().catch((error: unknown) => {
      throw asConfigurationFailure(error);
    });
    const loadedSequence = await sequenceOf().catch((error: unknown) => {
      throw new ModelCallError(
        `llama-cpp could not load ${file.path}: ${messageOf(error)}`,
        { isRetryable: false },
        {
          hint: 'Check that the file is a complete GGUF model that this node-llama-cpp version supports, and that there is enough memory for it.',
          cause: error,
        },
      );
    });
    const completions: GenerationResult['completions'][number][] = [];
    let promptTokens = 0;
    let completionTokens = 0;
    for (let index = 0; index < request.numCompletions; index++) {
      if (signal?.aborted) throw aborted(file);
      await loadedSequence.clearHistory();
      const before = loadedSequence.tokenMeter.getState();
      const generated = await generateOne(binding, loadedSequence, mode, request, index, signal).catch(
        (error: unknown) => {
          if (signal?.aborted) throw aborted(file);
          throw new ModelCallError(
            `llama-cpp generation failed for ${file.path}: ${messageOf(error)}`,
            {
              isRetryable: false,
            },
            { cause: error },
          );
        },
      );
      if (generated.stopReason === 'abort') throw aborted(file);
      const after = loadedSequence.tokenMeter.getState();
      promptTokens += after.usedInputTokens - before.usedInputTokens;
      completionTokens += after.usedOutputTokens - before.usedOutputTokens;
      completions.push({
        text: generated.text,
        finishReason: generated.stopReason === 'maxTokens' ? 'length' : 'stop',
      });
    }
    return {
      completions,
      usage: { promptTokens, completionTokens },
      requestTimeSeconds: (Date.now() - started) / 1000,
      requestDatetime: Math.floor(started / 1000),
    };
  };

  return {
    specificationVersion: 'v1',
    providerId: LLAMA_CPP_PROVIDER_ID,
    modelId,
    cacheIdentity: cacheIdentityOf(file, mode),
    doGenerate: (request: GenerationRequest, options: GenerateOptionsV1 = {}) => {
      const call = queue.then(() => generate(request, options.signal));
      queue = call.catch(() => undefined);
      return call;
    },
    close: async () => {
      closed = true;
      await queue;
      const opened = context;
      context = undefined;
      sequence = undefined;
      await opened?.then((c) => c.dispose()).catch(() => undefined);
    },
  };
}

/** What identifies the answers: the file's content (not its path), the mode and the library version. */
function cacheIdentityOf(file: GgufFile, mode: LlamaCppMode): Record<string, string> {
  return {
    modelFile: basename(file.path),
    modelSizeBytes: String(file.sizeBytes),
    modelHeadSha256: file.headSha256,
    mode,
    nodeLlamaCpp: NODE_LLAMA_CPP_VERSION,
  };
}

async function generateOne(
  binding: NodeLlamaCppBinding,
  sequence: LlamaSequenceLike,
  mode: LlamaCppMode,
  request: GenerationRequest,
  index: number,
  signal: AbortSignal | undefined,
): Promise<{ text: string; stopReason: string }> {
  const options: LlamaGenerationOptions = {
    maxTokens: request.maxTokens,
    temperature: request.temperature,
    topP: request.topP,
    // Repeated samples of one request differ; the same request always samples the same way.
    seed: index,
    ...(request.stopSequences.length === 0 ? {} : { customStopTriggers: request.stopSequences }),
    ...(signal === undefined ? {} : { signal }),
  };
  if (mode === 'completion') {
    const completion = new binding.LlamaCompletion({ contextSequence: sequence, autoDisposeSequence: false });
    try {
      const text = request.messages === undefined ? request.prompt : flattenMessages(request.messages);
      const { response, metadata } = await completion.generateCompletionWithMeta(text, options);
      return { text: response, stopReason: metadata.stopReason };
    } finally {
      completion.dispose({ disposeSequence: false });
    }
  }
  const session = new binding.LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  try {
    const { history, prompt } = chatTurns(request);
    // Replaces node-llama-cpp's default system prompt: the model sees what a chat API would send.
    session.setChatHistory(history);
    const { responseText, stopReason } = await session.promptWithMeta(prompt, options);
    return { text: responseText, stopReason };
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

/** The chat history before the last user message, and that message. */
function chatTurns(request: GenerationRequest): { history: LlamaChatHistoryItem[]; prompt: string } {
  if (request.messages === undefined) return { history: [], prompt: request.prompt };
  const last = request.messages.at(-1);
  if (last?.role !== 'user') {
    throw new ModelCallError('llama-cpp chat requests must end with a user message', { isRetryable: false });
  }
  const history = request.messages
    .slice(0, -1)
    .map(
      (message): LlamaChatHistoryItem =>
        message.role === 'assistant'
          ? { type: 'model', response: [message.content] }
          : { type: message.role, text: message.content },
    );
  return { history, prompt: last.content };
}

function flattenMessages(messages: NonNullable<GenerationRequest['messages']>): string {
  return messages.map((message) => message.content).join('\n\n');
}

function asConfigurationFailure(error: unknown): ModelCallError {
  // No retry can fix a missing library: a non-retryable failure without status stops the run.
  return new ModelCallError(
    messageOf(error),
    { isRetryable: false },
    {
      ...(MedHelmError.isInstance(error) && error.hint !== undefined ? { hint: error.hint } : {}),
      cause: error,
    },
  );
}

function aborted(file: GgufFile): ModelCallError {
  return new ModelCallError(`llama-cpp call to ${file.path} was aborted`, { isRetryable: false });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
