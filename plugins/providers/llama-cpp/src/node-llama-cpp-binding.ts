import { ConfigError } from '@medhelm/core';

/** The node-llama-cpp version this provider is written and documented against. */
export const NODE_LLAMA_CPP_VERSION = '3.21.1';

/** Token counts a context sequence has evaluated (input) and generated (output) so far. */
export interface TokenMeterState {
  usedInputTokens: number;
  usedOutputTokens: number;
}

/** A context sequence: one conversation's state in a llama.cpp context. */
export interface LlamaSequenceLike {
  readonly tokenMeter: { getState(): TokenMeterState };
  clearHistory(): Promise<void>;
}

export interface LlamaContextLike {
  getSequence(): LlamaSequenceLike;
  dispose(): Promise<void>;
}

export interface LlamaModelLike {
  createContext(options?: { contextSize?: number | 'auto' }): Promise<LlamaContextLike>;
  dispose(): Promise<void>;
}

export interface LlamaLike {
  loadModel(options: { modelPath: string }): Promise<LlamaModelLike>;
  dispose(): Promise<void>;
}

/** Sampling settings both generation styles take. */
export interface LlamaGenerationOptions {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  seed?: number;
  customStopTriggers?: readonly string[];
  signal?: AbortSignal;
}

/** node-llama-cpp's chat history items (the subset this provider writes). */
export type LlamaChatHistoryItem =
  | { type: 'system'; text: string }
  | { type: 'user'; text: string }
  | { type: 'model'; response: string[] };

export interface LlamaChatSessionLike {
  setChatHistory(history: LlamaChatHistoryItem[]): void;
  promptWithMeta(
    prompt: string,
    options: LlamaGenerationOptions,
  ): Promise<{ responseText: string; stopReason: string }>;
  dispose(options?: { disposeSequence?: boolean }): void;
}

export interface LlamaCompletionLike {
  generateCompletionWithMeta(
    input: string,
    options: LlamaGenerationOptions,
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
  dispose(options?: { disposeSequence?: boolean }): void;
}

/**
 * The part of node-llama-cpp's module this provider uses: `getLlama`, `LlamaChatSession` (the
 * model's own chat template) and `LlamaCompletion` (raw text continuation). Declared structurally so
 * the package builds and type-checks without node-llama-cpp installed.
 */
export interface NodeLlamaCppBinding {
  getLlama(): Promise<LlamaLike>;
  LlamaChatSession: new (options: {
    contextSequence: LlamaSequenceLike;
    autoDisposeSequence?: boolean;
  }) => LlamaChatSessionLike;
  LlamaCompletion: new (options: {
    contextSequence: LlamaSequenceLike;
    autoDisposeSequence?: boolean;
  }) => LlamaCompletionLike;
}

/** How the provider obtains node-llama-cpp; tests pass a stand-in for the native library. */
export type LoadNodeLlamaCpp = () => Promise<NodeLlamaCppBinding>;

// A variable specifier: bundlers and type-checkers must not try to resolve the optional package.
const MODULE_NAME = 'node-llama-cpp';

/**
 * Imports node-llama-cpp, which is an optional peer dependency: only users of this provider
 * install it (with its native llama.cpp build, hundreds of MB with GPU variants). A missing or
 * incompatible installation is a ConfigError saying what to install.
 */
export const loadNodeLlamaCpp: LoadNodeLlamaCpp = async () => {
  let imported: unknown;
  try {
    imported = await import(/* @vite-ignore */ MODULE_NAME);
  } catch (error) {
    throw missingBindingError(error);
  }
  return asBinding(imported);
};

/** Checks that an imported module has the exports this provider calls. */
export function asBinding(imported: unknown): NodeLlamaCppBinding {
  const module = imported as Partial<Record<keyof NodeLlamaCppBinding, unknown>> | undefined;
  const missing = (['getLlama', 'LlamaChatSession', 'LlamaCompletion'] as const).filter(
    (name) => typeof module?.[name] !== 'function',
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `The installed node-llama-cpp does not export ${missing.join(', ')}; the llama-cpp provider needs node-llama-cpp ${NODE_LLAMA_CPP_VERSION}.`,
      { hint: `Install the supported version: npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION}` },
    );
  }
  return module as NodeLlamaCppBinding;
}

function missingBindingError(cause: unknown): ConfigError {
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message = (cause as Error | undefined)?.message ?? '';
  // Node says ERR_MODULE_NOT_FOUND; bundlers and test runners word it their own way.
  const notInstalled =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /(Cannot find (module|package)|Could not resolve) .?node-llama-cpp/.test(message);
  return new ConfigError(
    notInstalled
      ? 'The llama-cpp provider runs GGUF models in-process through node-llama-cpp, which is not installed.'
      : `node-llama-cpp could not be loaded: ${(cause as Error | undefined)?.message ?? String(cause)}`,
    {
      hint: `Install it next to @medhelm/runner: npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION} (it downloads or builds llama.cpp for your machine). Or serve the model with llama.cpp's llama-server and use --models openai-compatible:<model> --base-url http://127.0.0.1:8080/v1.`,
      cause,
    },
  );
}
