import { z } from 'zod';

/**
 * The fields of a Messages API response this provider reads (`type: "message"`). Content blocks
 * other than text (`thinking`, `redacted_thinking`, `tool_use`, ...) are allowed and skipped;
 * everything else (id, model, container) is allowed and ignored.
 */
export const anthropicMessageSchema = z.object({
  type: z.literal('message').optional(),
  role: z.literal('assistant').optional(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  // Checked separately: missing or partial usage is estimated rather than failing the call.
  usage: z.unknown().optional(),
});
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

/**
 * The token counts this provider reports. The cache fields (`cache_creation_input_tokens`,
 * `cache_read_input_tokens`) stay 0 because MedHELM sets no `cache_control`, and are ignored.
 */
export const anthropicUsageSchema = z.object({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
});

/** The body of every Messages API error: `{ type: "error", error: { type, message }, request_id }`. */
export const anthropicErrorBodySchema = z.object({
  type: z.literal('error').optional(),
  error: z.object({ type: z.string(), message: z.string().optional() }),
  request_id: z.string().optional(),
});
export type AnthropicErrorBody = z.infer<typeof anthropicErrorBodySchema>;
