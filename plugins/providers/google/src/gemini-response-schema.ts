import { z } from 'zod';

const tokenCount = z.number().int().nonnegative();

/**
 * The fields of a generateContent response this provider reads. Gemini writes proto3 JSON, which
 * leaves out fields at their default, so nearly everything is optional: a candidate blocked by the
 * safety filters has no `content`, a blocked prompt has no `candidates`, and a count of zero tokens
 * is simply absent. Everything else (safetyRatings, citationMetadata, modelVersion, responseId) is
 * allowed and ignored.
 */
export const geminiGenerateContentResponseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            role: z.string().optional(),
            parts: z
              .array(z.looseObject({ text: z.string().optional(), thought: z.boolean().optional() }))
              .optional(),
          })
          .optional(),
        finishReason: z.string().optional(),
        index: z.number().int().nonnegative().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
  usageMetadata: z
    .object({
      promptTokenCount: tokenCount.optional(),
      candidatesTokenCount: tokenCount.optional(),
      thoughtsTokenCount: tokenCount.optional(),
      totalTokenCount: tokenCount.optional(),
    })
    .optional(),
});
export type GeminiGenerateContentResponse = z.infer<typeof geminiGenerateContentResponseSchema>;
export type GeminiCandidate = NonNullable<GeminiGenerateContentResponse['candidates']>[number];

/** The body of every Gemini API error: `{ error: { code, message, status, details } }`. */
export const geminiErrorBodySchema = z.object({
  error: z.object({
    code: z.number().int().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ '@type': z.string().optional() })).optional(),
  }),
});
export type GeminiErrorBody = z.infer<typeof geminiErrorBodySchema>;
