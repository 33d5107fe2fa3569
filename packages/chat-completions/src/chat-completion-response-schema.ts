import { z } from 'zod';

// Some servers send message content as a list of parts ({ type: 'text', text }) instead of a string.
const contentPartSchema = z.object({ type: z.string().optional(), text: z.string().optional() });

/**
 * The fields of an OpenAI chat-completions response this provider reads. Everything else (id,
 * created, logprobs, reasoning fields of some servers) is allowed and ignored, so the same schema
 * accepts OpenAI, vLLM, Ollama, llama.cpp server and LM Studio.
 */
export const chatCompletionResponseSchema = z.object({
  choices: z
    .array(
      z.object({
        index: z.number().int().nonnegative().optional(),
        message: z.object({
          role: z.string().optional(),
          content: z.union([z.string(), z.array(contentPartSchema)]).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  // Checked separately: bad or partial usage is estimated rather than failing the call.
  usage: z.unknown().optional(),
});
export type ChatCompletionResponse = z.infer<typeof chatCompletionResponseSchema>;

/** The API's usage object, when a server reports one. */
export const chatCompletionUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
});
