import type { GenerationResult, IdentifiedInstance, RenderedPromptV1, Usage } from '@medhelm/core';
import { estimatePromptTokens } from '../execute/metered-model.ts';
import type { StoredHelmRequestState } from './helm-run-file-schemas.ts';

/** One request state of a finished run, in our types: the instance, its request and the answer it got. */
export interface StoredRequestState {
  instance: IdentifiedInstance;
  /** The request exactly as it was sent (never rendered again), with its output mapping. */
  rendered: RenderedPromptV1;
  result: GenerationResult;
  /** The annotations stored with it (the jury's verdicts), by annotator id. */
  annotations?: Record<string, unknown>;
}

/** Token counts of one instance as the source run recorded them (per_instance_stats.json). */
export interface StoredUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * A HELM RequestState (HELM-written or ours) in our types. The token usage is what the source run
 * recorded in per_instance_stats.json (HELM's tokenizer counts, or our provider's report), since
 * scenario_state.json holds none; without it, an estimate flagged as such.
 */
export function storedRequestStateOf(
  state: StoredHelmRequestState & { result: NonNullable<StoredHelmRequestState['result']> },
  usage: StoredUsage | undefined,
  usageEstimated: boolean,
): StoredRequestState {
  const { instance, request, result } = state;
  const rendered: RenderedPromptV1 = {
    request: {
      prompt: request.prompt,
      ...(request.messages == null ? {} : { messages: request.messages }),
      temperature: request.temperature,
      maxTokens: request.max_tokens,
      stopSequences: request.stop_sequences,
      numCompletions: request.num_completions,
      topKPerToken: request.top_k_per_token,
      topP: request.top_p,
      presencePenalty: request.presence_penalty,
      frequencyPenalty: request.frequency_penalty,
      ...(request.random == null ? {} : { random: request.random }),
    },
    ...(state.output_mapping == null ? {} : { outputMapping: state.output_mapping }),
    numTrainInstances: state.num_train_instances,
    promptTruncated: state.prompt_truncated,
  };
  const completions = result.completions.map((completion) => ({
    text: completion.text,
    finishReason: completion.finish_reason?.reason ?? 'unknown',
    logprob: completion.logprob,
  }));
  return {
    instance: {
      id: instance.id,
      input: {
        text: instance.input.text,
        ...(instance.input.messages === undefined ? {} : { messages: instance.input.messages }),
      },
      references: instance.references.map((reference) => ({
        output: { text: reference.output.text },
        tags: reference.tags,
      })),
      split: instance.split,
      ...(instance.sub_split == null ? {} : { subSplit: instance.sub_split }),
      ...(instance.extra_data == null ? {} : { extraData: instance.extra_data }),
    },
    rendered,
    result: {
      completions,
      usage: usageOf(usage, usageEstimated, rendered, completions),
      requestTimeSeconds: result.request_time ?? 0,
      ...(result.request_datetime == null ? {} : { requestDatetime: result.request_datetime }),
    },
    ...(state.annotations == null ? {} : { annotations: state.annotations }),
  };
}

/** The recorded usage; without one, about four characters a token, flagged as an estimate. */
function usageOf(
  usage: StoredUsage | undefined,
  estimated: boolean,
  rendered: RenderedPromptV1,
  completions: ReadonlyArray<{ text: string }>,
): Usage {
  if (usage !== undefined) return { ...usage, ...(estimated ? { estimated: true } : {}) };
  return {
    promptTokens: estimatePromptTokens(rendered.request),
    completionTokens: completions.reduce(
      (total, completion) => total + Math.ceil(completion.text.length / 4),
      0,
    ),
    estimated: true,
  };
}
