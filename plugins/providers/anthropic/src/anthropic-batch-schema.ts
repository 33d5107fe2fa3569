import { z } from 'zod';

// The Message Batches API (https://platform.claude.com/docs/en/build-with-claude/batch-processing
// and the reference of create, retrieve, cancel and results; checked 2026-12-07). Only the fields
// read here are declared; others are allowed.

const requestCountsSchema = z.looseObject({
  processing: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  canceled: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
});

/** The MessageBatch object of create, retrieve and cancel. */
export const anthropicMessageBatchSchema = z.looseObject({
  id: z.string().min(1),
  processing_status: z.string(),
  request_counts: requestCountsSchema.nullish(),
  expires_at: z.string().nullish(),
  results_url: z.string().nullish(),
});
export type AnthropicMessageBatch = z.infer<typeof anthropicMessageBatchSchema>;

/**
 * One line of a batch's results: `succeeded` with the message, `errored` with the error body the
 * Messages API would have answered (`{ type: 'error', error: { type, message } }`), `canceled` or
 * `expired`.
 */
export const anthropicBatchResultLineSchema = z.looseObject({
  custom_id: z.string(),
  result: z.looseObject({
    type: z.string(),
    message: z.unknown().optional(),
    error: z
      .looseObject({
        error: z.looseObject({ type: z.string().nullish(), message: z.string().nullish() }).nullish(),
      })
      .nullish(),
  }),
});
