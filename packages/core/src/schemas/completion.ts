import { z } from 'zod';

/** Token usage as the provider reported it. */
export const usageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** True when the counts are our estimate rather than the provider's report. */
  estimated: z.boolean().optional(),
});
export type Usage = z.infer<typeof usageSchema>;

/** One generated output (HELM's `GeneratedOutput`). */
export const completionSchema = z.object({
  text: z.string(),
  /**
   * Why generation stopped, in HELM's vocabulary where it applies (`stop`, `length`,
   * `endoftext`), otherwise the provider's own word (e.g. `content_filter`) or `unknown`.
   */
  finishReason: z.string(),
  /** Sum of token log-probabilities, when the provider returns them; HELM writes 0 otherwise. */
  logprob: z.number().optional(),
});
export type Completion = z.infer<typeof completionSchema>;

/** What a language model returns for one request. */
export const generationResultSchema = z.object({
  completions: z.array(completionSchema).min(1),
  usage: usageSchema,
  /** Wall-clock seconds the provider call took (HELM's `request_time`). */
  requestTimeSeconds: z.number().nonnegative(),
  /** When the call was made, epoch seconds (HELM's `request_datetime`). */
  requestDatetime: z.number().int().optional(),
});
export type GenerationResult = z.infer<typeof generationResultSchema>;
