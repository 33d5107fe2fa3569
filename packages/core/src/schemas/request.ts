import { z } from 'zod';
import { chatMessageSchema } from './instance.ts';

/**
 * What the engine sends to a language model for one instance (the model-independent part of
 * HELM's `Request`). Every field is part of the request cache key.
 */
export const generationRequestSchema = z.object({
  /** The exact prompt text HELM would send. Chat providers wrap it into one user message. */
  prompt: z.string(),
  /** Chat messages, for benchmarks whose input is a conversation; replaces `prompt` when set. */
  messages: z.array(chatMessageSchema).optional(),
  temperature: z.number().min(0),
  maxTokens: z.number().int().nonnegative(),
  stopSequences: z.array(z.string()),
  numCompletions: z.number().int().positive(),
  /** HELM asks for this many top tokens per position (MCQ: num_outputs); most chat APIs ignore it. */
  topKPerToken: z.number().int().positive(),
  topP: z.number(),
  presencePenalty: z.number(),
  frequencyPenalty: z.number(),
  /** HELM's `random` field: distinguishes repeated trials of the same request. */
  random: z.string().optional(),
});
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

/** Defaults for the request fields HELM's adapters never change. */
export const REQUEST_DEFAULTS = {
  topP: 1,
  presencePenalty: 0,
  frequencyPenalty: 0,
} as const;
