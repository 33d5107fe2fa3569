import { hasBrand, MedHelmError } from '@medhelm/core';

const batchRequestFailedBrand = Symbol.for('medhelm.error.BatchRequestFailed');

/**
 * A request got no answer from its provider batch (it errored, expired, was cancelled, went
 * missing from the results, or its batch failed) and is not sent in another batch: the instance
 * fails with this message, or, with `--batch-fallback sync`, the model is called synchronously.
 */
export class BatchRequestFailed extends MedHelmError {
  override readonly name = 'MedHelm_BatchRequestFailed';
  readonly [batchRequestFailedBrand] = true;

  constructor(
    message: string,
    /** Why: the provider's reason for the line, `missing` from the results, or the batch `failed`. */
    readonly reason: 'errored' | 'expired' | 'canceled' | 'missing' | 'failed',
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(message, options);
  }

  /** Whether `error` is a BatchRequestFailed, also one thrown by another copy of @medhelm/engine. */
  static override isInstance(error: unknown): error is BatchRequestFailed {
    return hasBrand(error, batchRequestFailedBrand);
  }
}
