import { hasBrand } from './has-brand.ts';
import { MedHelmError, type MedHelmErrorOptions } from './medhelm-error.ts';

const modelCallErrorBrand = Symbol.for('medhelm.error.ModelCallError');

/** Details of a failed call to a model provider. */
export interface ModelCallErrorDetails {
  /** The URL that was called, without credentials. */
  url?: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Response headers (lower-case names), e.g. for `retry-after`. */
  headers?: Readonly<Record<string, string>>;
  /** Response body text, truncated by the provider. */
  body?: string;
  /** Whether the same call may succeed when retried (429, 5xx, connection errors). */
  isRetryable: boolean;
}

/** A model provider call failed: a wire error, an HTTP error status, or a malformed response. */
export class ModelCallError extends MedHelmError {
  override readonly name = 'MedHelm_ModelCallError';
  readonly [modelCallErrorBrand] = true;

  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly isRetryable: boolean;

  constructor(message: string, details: ModelCallErrorDetails, options: MedHelmErrorOptions = {}) {
    super(message, options);
    this.url = details.url;
    this.status = details.status;
    this.headers = details.headers ?? {};
    this.body = details.body;
    this.isRetryable = details.isRetryable;
  }

  /** Whether `error` is a ModelCallError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is ModelCallError {
    return hasBrand(error, modelCallErrorBrand);
  }
}
