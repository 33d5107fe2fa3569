import { ConfigError } from '@medhelm/core';
import { isOpenAiReasoningModel } from './is-openai-reasoning-model.ts';
import { parseReasoningEffortSuffix } from './parse-reasoning-effort-suffix.ts';
import { isReasoningEffort, REASONING_EFFORTS, type ReasoningEffort } from './reasoning-effort.ts';
import type { ChatCompletionBodyOptions } from './to-chat-completion-body.ts';

/** How a provider decides whether a model is a reasoning model, and with what effort. */
export interface ReasoningModelOptions {
  /**
   * `true`: every model is a reasoning model; `false`: none is; a function decides per model id
   * (the id without its effort suffix). Default: {@link isOpenAiReasoningModel} on the id.
   */
  reasoning?: boolean | ((modelId: string) => boolean);
  /** `reasoning_effort` for reasoning models whose id has no effort suffix. Default: none sent (the API's own default). */
  reasoningEffort?: ReasoningEffort;
}

/** What a model id and the options decide about the wire. */
export interface ResolvedReasoningModel {
  /** The id the API knows: the user's id without its effort suffix. */
  wireModelId: string;
  /** Whether to send reasoning-model parameters (see ChatCompletionBodyOptions.reasoning). */
  reasoning: boolean;
  /** The `reasoning_effort` to send, if any (reasoning models only). */
  reasoningEffort: ReasoningEffort | undefined;
}

/**
 * Resolves a user's model id: HELM's `-<low|medium|high>-reasoning-effort` suffix is taken off and
 * sets the effort (and makes the model a reasoning model, whatever its name); otherwise
 * `options.reasoning` or the id's prefix decides, and `options.reasoningEffort` gives the effort.
 * An effort option that is not low, medium or high is a ConfigError.
 */
export function resolveReasoningModel(
  modelId: string,
  options: ReasoningModelOptions = {},
): ResolvedReasoningModel {
  if (options.reasoningEffort !== undefined && !isReasoningEffort(options.reasoningEffort)) {
    throw new ConfigError(
      `reasoningEffort must be one of ${REASONING_EFFORTS.join(', ')}, got ${JSON.stringify(options.reasoningEffort)}`,
    );
  }
  const suffix = parseReasoningEffortSuffix(modelId.trim());
  const wireModelId = suffix.modelId;
  if (suffix.reasoningEffort !== undefined) {
    return { wireModelId, reasoning: true, reasoningEffort: suffix.reasoningEffort };
  }
  const decide = options.reasoning ?? isOpenAiReasoningModel;
  const reasoning = typeof decide === 'function' ? decide(wireModelId) : decide;
  return { wireModelId, reasoning, reasoningEffort: reasoning ? options.reasoningEffort : undefined };
}

/** Checks the options when a provider is made (a bad effort fails there, not on the first model). */
export function checkReasoningModelOptions(options: ReasoningModelOptions): void {
  resolveReasoningModel('gpt-4o', options);
}

/**
 * The body options of a resolved model on OpenAI's API (openai, azure-openai): its reasoning
 * parameters, and `n` only when more than one completion is asked for.
 */
export function openAiApiBodyOptions(resolved: ResolvedReasoningModel): ChatCompletionBodyOptions {
  return { reasoning: resolved.reasoning, reasoningEffort: resolved.reasoningEffort, alwaysSendN: false };
}

/** The cache identity entries of a resolved model: reasoning parameters change the answer. */
export function reasoningCacheIdentity(resolved: ResolvedReasoningModel): Record<string, string> {
  if (!resolved.reasoning) return {};
  return {
    parameters: 'reasoning',
    ...(resolved.reasoningEffort === undefined ? {} : { reasoningEffort: resolved.reasoningEffort }),
  };
}
