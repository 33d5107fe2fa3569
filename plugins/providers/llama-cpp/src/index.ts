import { defineProviderPlugin } from '@medhelm/core';
import { createLlamaCppProvider } from './create-llama-cpp-provider.ts';

export { checkGgufFile, type GgufFile } from './check-gguf-file.ts';
export {
  createLlamaCppProvider,
  LLAMA_CPP_PROVIDER_ID,
  type LlamaCppMode,
  type LlamaCppProviderOptions,
  parseLlamaCppModelId,
} from './create-llama-cpp-provider.ts';
export {
  asBinding,
  type LoadNodeLlamaCpp,
  loadNodeLlamaCpp,
  NODE_LLAMA_CPP_VERSION,
  type NodeLlamaCppBinding,
} from './node-llama-cpp-binding.ts';

/** The llama-cpp provider, as the runner registers it (node-llama-cpp is imported at the first call). */
export const llamaCppProvider = createLlamaCppProvider();

/** The plugin the runner loads: registers {@link llamaCppProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-llama-cpp', llamaCppProvider);
