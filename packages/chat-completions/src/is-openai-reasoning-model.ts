// o1, o1-mini, o1-2024-12-17, o3, o3-mini, o3-pro, o4-mini, ... and the GPT-5 family (gpt-5,
// gpt-5-mini, gpt-5-nano, gpt-5.1, dated snapshots).
const reasoningModelPattern = /^(?:o[134](?:$|-)|gpt-5(?:$|[-.]))/;

/**
 * Whether an OpenAI model id names a reasoning model (o1, o3, o4 and GPT-5 families), which
 * rejects `max_tokens`, `temperature`, `top_p` and the penalties. Decided by the id's prefix, as
 * HELM's OpenAI client does; the providers let users override it for ids this cannot know (Azure
 * deployment names, fine-tunes).
 */
export function isOpenAiReasoningModel(modelId: string): boolean {
  return reasoningModelPattern.test(modelId.trim().toLowerCase());
}
