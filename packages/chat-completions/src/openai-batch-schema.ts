import { z } from 'zod';

// The objects of OpenAI's Batch API (https://platform.openai.com/docs/api-reference/batch, checked
// 2026-12-07 against the reference and the official SDK's `types/batch.py`); Azure OpenAI's global
// batch returns the same objects. Only the fields read here are declared; others are allowed.

/** The file object `POST /files` answers with: only its id is read. */
export const openAiFileSchema = z.looseObject({ id: z.string().min(1) });

/** `request_counts` of a batch object. */
const requestCountsSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

/** The batch object of `POST /batches`, `GET /batches/{id}` and `POST /batches/{id}/cancel`. */
export const openAiBatchSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  output_file_id: z.string().nullish(),
  error_file_id: z.string().nullish(),
  expires_at: z.number().nullish(),
  request_counts: requestCountsSchema.nullish(),
  errors: z
    .looseObject({ data: z.array(z.looseObject({ message: z.string().nullish() })).nullish() })
    .nullish(),
});
export type OpenAiBatch = z.infer<typeof openAiBatchSchema>;

/**
 * One line of a batch's output or error file: `response` with the status and body the synchronous
 * endpoint would have answered, or (`response: null`) an `error` the batch itself gave, such as
 * `batch_expired` or `batch_cancelled`.
 */
export const openAiBatchOutputLineSchema = z.looseObject({
  custom_id: z.string(),
  response: z
    .looseObject({ status_code: z.number().int(), request_id: z.string().nullish(), body: z.unknown() })
    .nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
